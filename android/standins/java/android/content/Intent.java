// STAND-IN for android.content.Intent (not shipped): the members the adapters and their tests use.
// Unlike android.jar's stub, it keeps what it is given, so a test can inspect an Intent an adapter built.
package android.content;

import android.net.Uri;
import java.util.LinkedHashSet;
import java.util.Set;

public class Intent {
    public static final String ACTION_MAIN = "android.intent.action.MAIN";
    public static final String ACTION_VIEW = "android.intent.action.VIEW";
    public static final String CATEGORY_APP_BROWSER = "android.intent.category.APP_BROWSER";
    public static final int FLAG_ACTIVITY_NEW_TASK = 0x10000000;
    public static final int FLAG_ACTIVITY_LAUNCHED_FROM_HISTORY = 0x00100000;

    private String action;
    private Uri data;
    private int flags;
    private Intent selector;
    private final Set<String> categories = new LinkedHashSet<>();

    public Intent() {}

    public Intent(String action) {
        this.action = action;
    }

    public Intent(String action, Uri uri) {
        this.action = action;
        this.data = uri;
    }

    public static Intent makeMainSelectorActivity(String selectorAction, String selectorCategory) {
        Intent intent = new Intent(selectorAction);
        intent.addCategory(selectorCategory);
        return intent;
    }

    public String getAction() {
        return action;
    }

    public Uri getData() {
        return data;
    }

    public String getDataString() {
        return data == null ? null : data.toString();
    }

    public int getFlags() {
        return flags;
    }

    public Intent addFlags(int flags) {
        this.flags |= flags;
        return this;
    }

    public Intent addCategory(String category) {
        categories.add(category);
        return this;
    }

    public boolean hasCategory(String category) {
        return categories.contains(category);
    }

    public Intent getSelector() {
        return selector;
    }

    public void setSelector(Intent selector) {
        this.selector = selector;
    }
}
