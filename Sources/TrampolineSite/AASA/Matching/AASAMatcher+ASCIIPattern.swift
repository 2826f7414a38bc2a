extension AASAMatcher {
    /// A ``Pattern`` compiled for short ASCII text: the fast path of ``Pattern/matches(_:)``.
    ///
    /// `build` matches five URLs of every link against the site's AASA; with `Character`
    /// arrays and a `[Bool]` per pattern element, that was an eighth of a 100k-link build's CPU.
    /// Here a text of at most 63 bytes is matched byte by byte with the set of reachable positions
    /// in one `UInt64`: the same automaton as ``Pattern``'s, so the answers are the same.
    ///
    /// That holds because, in ASCII text without a carriage return, every byte is one `Character`
    /// (CR LF is the only ASCII grapheme of two scalars), and an ASCII literal equals, or folds to,
    /// only the ASCII character with the same (lowercased) byte. A pattern with a literal outside
    /// ASCII gets no byte program (a non-ASCII literal can fold to ASCII: the Kelvin sign folds
    /// to `k`), and other text returns nil: ``Pattern`` then matches by `Character`.
    /// `ASCIIPatternTests` holds the two paths to the same answers.
    final class ASCIIPattern: Sendable {
        indirect enum Element: Sendable {
            /// One byte, already lowercased when the pattern is case-insensitive.
            case byte(UInt8)
            case anyByte
            case star
            case characterClass(Pattern.CharacterClass)
            case codes(Pattern.CodeList)
            case alternatives([[Element]])
            case never
        }

        /// The longest text matched here: positions 0...63 fill the 64 bits of a `UInt64`.
        static let maxLength = 63

        let variants: [[Element]]
        let caseSensitive: Bool

        /// The byte program of `variants`, or nil when a literal is not a single ASCII byte.
        init?(variants: [[Pattern.Element]], caseSensitive: Bool) {
            var compiled: [[Element]] = []
            for variant in variants {
                guard let elements = Self.compile(variant, caseSensitive: caseSensitive) else { return nil }
                compiled.append(elements)
            }
            self.variants = compiled
            self.caseSensitive = caseSensitive
        }

        private static func compile(_ elements: [Pattern.Element], caseSensitive: Bool) -> [Element]? {
            var compiled: [Element] = []
            compiled.reserveCapacity(elements.count)
            for element in elements {
                switch element {
                case .literal(let character, _):
                    guard character.utf8.count == 1, let byte = character.utf8.first, byte < 0x80 else { return nil }
                    compiled.append(.byte(caseSensitive ? byte : byte.asciiLowercased))
                case .anyCharacter: compiled.append(.anyByte)
                case .star: compiled.append(.star)
                case .characterClass(let characterClass): compiled.append(.characterClass(characterClass))
                case .codes(let list): compiled.append(.codes(list))
                case .alternatives(let alternatives):
                    var compiledAlternatives: [[Element]] = []
                    for alternative in alternatives {
                        guard let elements = compile(alternative, caseSensitive: caseSensitive) else { return nil }
                        compiledAlternatives.append(elements)
                    }
                    compiled.append(.alternatives(compiledAlternatives))
                case .never: compiled.append(.never)
                }
            }
            return compiled
        }

        /// Whether the pattern covers all of `text`; nil when `text` is not for this path (longer
        /// than ``maxLength`` bytes, not ASCII, or with a carriage return).
        func matches(_ text: String) -> Bool? {
            text.withUTF8Bytes(matches(bytes:))
        }

        /// ``matches(_:)`` of text given as its UTF-8 bytes.
        func matches(bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
            guard bytes.count <= Self.maxLength else { return nil }
            for byte in bytes where byte >= 0x80 || byte == 13 { return nil }
            let end: UInt64 = 1 << UInt64(bytes.count)
            for elements in variants where advance(elements[...], from: 1, bytes: bytes) & end != 0 {
                return true
            }
            return false
        }

        /// The positions reachable after `elements` from the positions in `start` (bit p: p bytes consumed).
        private func advance(_ elements: ArraySlice<Element>, from start: UInt64, bytes: UnsafeBufferPointer<UInt8>)
            -> UInt64
        {
            let count = bytes.count
            // Positions 0...count, and those before the end (from which one more byte can be read).
            let valid = UInt64.max >> UInt64(63 - count)
            let beforeEnd = valid >> 1
            var current = start
            for element in elements {
                guard current != 0 else { return 0 }
                var next: UInt64 = 0
                switch element {
                case .byte(let literal):
                    var positions = current & beforeEnd
                    while positions != 0 {
                        let position = positions.trailingZeroBitCount
                        positions &= positions - 1
                        let byte = caseSensitive ? bytes[position] : bytes[position].asciiLowercased
                        if byte == literal { next |= 1 << UInt64(position + 1) }
                    }
                case .anyByte:
                    next = (current & beforeEnd) << 1
                case .star:
                    next = valid & (UInt64.max << UInt64(current.trailingZeroBitCount))
                case .characterClass(let characterClass):
                    var positions = current & beforeEnd
                    while positions != 0 {
                        let position = positions.trailingZeroBitCount
                        positions &= positions - 1
                        if characterClass.contains(
                            Character(Unicode.Scalar(bytes[position])), caseSensitive: caseSensitive)
                        {
                            next |= 1 << UInt64(position + 1)
                        }
                    }
                case .codes(let list):
                    let codes = caseSensitive ? list.codes : list.foldedCodes
                    var positions = current & beforeEnd
                    while positions != 0 {
                        let position = positions.trailingZeroBitCount
                        positions &= positions - 1
                        for length in list.lengths where position + length <= count {
                            let candidate = String(
                                decoding: UnsafeBufferPointer(rebasing: bytes[position..<(position + length)]),
                                as: UTF8.self)
                            if codes.contains(caseSensitive ? candidate : candidate.lowercased()) {
                                next |= 1 << UInt64(position + length)
                            }
                        }
                    }
                case .alternatives(let alternatives):
                    for alternative in alternatives {
                        next |= advance(alternative[...], from: current, bytes: bytes)
                    }
                case .never:
                    break
                }
                current = next
            }
            return current
        }
    }
}
