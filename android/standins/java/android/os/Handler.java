// STAND-IN for android.os.Handler (not shipped).
package android.os;

public class Handler {
    public Handler(Looper looper) {
        throw new RuntimeException("Stub!");
    }

    public final boolean post(Runnable r) {
        throw new RuntimeException("Stub!");
    }
}
