// STAND-IN for android.os.Looper (not shipped).
package android.os;

public final class Looper {
    private Looper() {}

    public static Looper getMainLooper() {
        throw new RuntimeException("Stub!");
    }
}
