extension Unicode.Scalar {
    /// White space as Unicode defines it (the catalog's rules and Markdown's plain text agree on
    /// it), with a fast path for ASCII, the common case by far: the property lookup was a
    /// noticeable part of loading and rendering large catalogs.
    package var isSpace: Bool {
        isASCII ? (self == " " || ("\t"..."\r").contains(self)) : properties.isWhitespace
    }
}
