// STAND-IN for android.os.RemoteException (not shipped; the real one extends android.util.AndroidException).
package android.os;

public class RemoteException extends Exception {
    public RemoteException() {}

    public RemoteException(String message) {
        super(message);
    }
}
