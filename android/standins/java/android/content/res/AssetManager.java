// STAND-IN for android.content.res.AssetManager (not shipped).
package android.content.res;

import java.io.IOException;
import java.io.InputStream;

public final class AssetManager {
    private AssetManager() {}

    public InputStream open(String fileName) throws IOException {
        throw new RuntimeException("Stub!");
    }
}
