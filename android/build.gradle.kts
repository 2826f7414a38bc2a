// TrampolineLink for Android: the app side of Trampoline, included in an app's Gradle build from
// source (docs/android.md shows the settings line and the ten lines of Kotlin).
//
// NOT BUILT IN THIS REPOSITORY. There is no Android SDK or Android Gradle plugin here, so nothing
// checks this file. `make android-test` compiles src/main/kotlin with kotlinc against stand-ins of
// the Android classes (standins/, not part of the library) and runs jvm-test/ on the JVM.
//
// The plugins' versions are the app's (its root build or version catalog declares them), as for
// any module of the app.
plugins {
    id("com.android.library")
    id("org.jetbrains.kotlin.android")
}

android {
    namespace = "trampoline.link"
    compileSdk = 35
    defaultConfig {
        minSdk = 21
    }
    sourceSets["main"].java.srcDirs("src/main/kotlin")
}

dependencies {
    // Google Play's install referrer, read once per installation by PlayInstallReferrer.
    implementation("com.android.installreferrer:installreferrer:2.2")
}
