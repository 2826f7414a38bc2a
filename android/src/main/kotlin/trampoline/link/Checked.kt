package trampoline.link

/**
 * A value, or the typed reason there is none. Every entry point that reads outside input answers
 * with one of these: input is refused with a reason, never with an exception or a crash.
 */
sealed class Checked<out T, out E> {
    /** The input was accepted. */
    data class Ok<out T>(val value: T) : Checked<T, Nothing>()

    /** The input was refused, and why. */
    data class Refused<out E>(val reason: E) : Checked<Nothing, E>()

    /** The value, or null when refused. */
    fun valueOrNull(): T? = if (this is Ok) value else null

    /** The reason, or null when accepted. */
    fun reasonOrNull(): E? = if (this is Refused) reason else null
}
