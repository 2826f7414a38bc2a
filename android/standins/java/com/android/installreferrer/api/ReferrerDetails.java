// STAND-IN for the Play Install Referrer library's ReferrerDetails (not shipped): built from a Bundle, as the real one.
package com.android.installreferrer.api;

import android.os.Bundle;

public class ReferrerDetails {
    private final Bundle bundle;

    public ReferrerDetails(Bundle bundle) {
        this.bundle = bundle;
    }

    public String getInstallReferrer() {
        return bundle.getString("install_referrer");
    }

    public long getReferrerClickTimestampSeconds() {
        return bundle.getLong("referrer_click_timestamp_seconds");
    }

    public long getInstallBeginTimestampSeconds() {
        return bundle.getLong("install_begin_timestamp_seconds");
    }
}
