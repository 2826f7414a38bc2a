package trampoline.link.android

import android.content.Context
import android.os.RemoteException
import com.android.installreferrer.api.InstallReferrerClient
import com.android.installreferrer.api.InstallReferrerStateListener
import java.util.concurrent.atomic.AtomicBoolean
import trampoline.link.InstallReferrerResult
import trampoline.link.InstallReferrerSource

/**
 * Google Play's install referrer through the Play Install Referrer library
 * (`com.android.installreferrer:installreferrer`): connects, reads `getInstallReferrer()`, and
 * disconnects, answering exactly once. [trampoline.link.TrampolineLinks.readInstallReferrer] reads
 * it until it has answered once per installation.
 */
class PlayInstallReferrer internal constructor(
    private val newClient: () -> InstallReferrerClient
) : InstallReferrerSource {
    /** The referrer of the app `context` belongs to. */
    constructor(context: Context) :
        this({ InstallReferrerClient.newBuilder(context.applicationContext ?: context).build() })

    override fun read(done: (InstallReferrerResult) -> Unit) {
        val client = try {
            newClient()
        } catch (e: RuntimeException) {
            return done(
                InstallReferrerResult.Unavailable(InstallReferrerClient.InstallReferrerResponse.SERVICE_UNAVAILABLE)
            )
        }
        val answered = AtomicBoolean(false)
        val finish = { result: InstallReferrerResult ->
            if (answered.compareAndSet(false, true)) {
                try {
                    client.endConnection()
                } catch (e: RuntimeException) {
                    // Already disconnected: nothing to end.
                }
                done(result)
            }
        }
        try {
            client.startConnection(object : InstallReferrerStateListener {
                override fun onInstallReferrerSetupFinished(responseCode: Int) {
                    finish(answer(client, responseCode))
                }

                override fun onInstallReferrerServiceDisconnected() {
                    finish(
                        InstallReferrerResult.Unavailable(
                            InstallReferrerClient.InstallReferrerResponse.SERVICE_DISCONNECTED
                        )
                    )
                }
            })
        } catch (e: RuntimeException) {
            finish(InstallReferrerResult.Unavailable(InstallReferrerClient.InstallReferrerResponse.SERVICE_UNAVAILABLE))
        }
    }

    private fun answer(client: InstallReferrerClient, responseCode: Int): InstallReferrerResult = when (responseCode) {
        InstallReferrerClient.InstallReferrerResponse.OK -> try {
            val details = client.installReferrer
            InstallReferrerResult.Referrer(details?.installReferrer ?: "", details?.referrerClickTimestampSeconds ?: 0L)
        } catch (e: RemoteException) {
            InstallReferrerResult.Unavailable(InstallReferrerClient.InstallReferrerResponse.SERVICE_DISCONNECTED)
        } catch (e: RuntimeException) {
            InstallReferrerResult.Unavailable(InstallReferrerClient.InstallReferrerResponse.SERVICE_DISCONNECTED)
        }
        InstallReferrerClient.InstallReferrerResponse.FEATURE_NOT_SUPPORTED -> InstallReferrerResult.NotSupported
        else -> InstallReferrerResult.Unavailable(responseCode)
    }
}
