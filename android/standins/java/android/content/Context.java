// STAND-IN for android.content.Context (not shipped): the members the adapters use, from the SDK's documented signatures.
package android.content;

import android.content.res.AssetManager;

public abstract class Context {
    public static final int MODE_PRIVATE = 0x0000;

    public abstract Context getApplicationContext();

    public abstract SharedPreferences getSharedPreferences(String name, int mode);

    public abstract AssetManager getAssets();

    public abstract void startActivity(Intent intent);
}
