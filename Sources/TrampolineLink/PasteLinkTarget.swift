#if canImport(UIKit)
import UIKit
import UniformTypeIdentifiers

/// Not compiled on Linux (no UIKit): receives what a `UIPasteControl` pastes and passes the text on.
@available(iOS 16.0, *)
final class PasteLinkTarget: UIResponder {
    private let onText: @MainActor (String) -> Void

    init(onText: @escaping @MainActor (String) -> Void) {
        self.onText = onText
        super.init()
        pasteConfiguration = UIPasteConfiguration(acceptableTypeIdentifiers: [
            UTType.plainText.identifier, UTType.url.identifier,
        ])
    }

    override func paste(itemProviders: [NSItemProvider]) {
        guard let provider = itemProviders.first(where: { $0.canLoadObject(ofClass: String.self) }) else { return }
        _ = provider.loadObject(ofClass: String.self) { @Sendable [onText] text, _ in
            guard let text else { return }
            Task { @MainActor in onText(text) }
        }
    }
}
#endif
