// STAND-IN for the Play Install Referrer library's listener (not shipped).
package com.android.installreferrer.api;

public interface InstallReferrerStateListener {
    void onInstallReferrerSetupFinished(int responseCode);

    void onInstallReferrerServiceDisconnected();
}
