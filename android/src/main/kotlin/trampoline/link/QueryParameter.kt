package trampoline.link

/** One `name=value` pair of a link's query, percent- and form-decoded (`+` is a space). */
data class QueryParameter(val name: String, val value: String)
