// STAND-IN for android.content.SharedPreferences (not shipped): the members the adapters use.
package android.content;

public interface SharedPreferences {
    String getString(String key, String defValue);

    boolean contains(String key);

    Editor edit();

    interface Editor {
        Editor putString(String key, String value);

        Editor remove(String key);

        boolean commit();

        void apply();
    }
}
