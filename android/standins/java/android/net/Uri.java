// STAND-IN for android.net.Uri (not shipped): parse() and toString() only, keeping the text as given.
package android.net;

public abstract class Uri {
    public static Uri parse(String uriString) {
        return new Text(uriString);
    }

    @Override
    public abstract String toString();

    private static final class Text extends Uri {
        private final String text;

        Text(String text) {
            if (text == null) throw new NullPointerException("uriString");
            this.text = text;
        }

        @Override
        public String toString() {
            return text;
        }
    }
}
