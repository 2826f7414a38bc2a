// STAND-IN for android.os.Bundle (not shipped): strings and longs by key, kept as given.
package android.os;

import java.util.HashMap;
import java.util.Map;

public final class Bundle {
    private final Map<String, Object> values = new HashMap<>();

    public Bundle() {}

    public void putString(String key, String value) {
        values.put(key, value);
    }

    public String getString(String key) {
        Object value = values.get(key);
        return value instanceof String ? (String) value : null;
    }

    public void putLong(String key, long value) {
        values.put(key, value);
    }

    public long getLong(String key) {
        Object value = values.get(key);
        return value instanceof Long ? (Long) value : 0L;
    }
}
