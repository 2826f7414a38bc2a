#if canImport(UIKit)
import UIKit

// Not compiled on Linux (no UIKit): the prompt-free paste button. The logic is in `receiveDeferred(_:from:)`.
@available(iOS 16.0, *)
extension TrampolineLinks {
    /// A system Paste button (`UIPasteControl`) for onboarding ("Continue where you left off"):
    /// the person's tap is the permission, so iOS shows no paste prompt.
    public func makePasteControl(
        configuration: UIPasteControl.Configuration = UIPasteControl.Configuration(),
        completion: @escaping @MainActor (LinkDisposition) -> Void = { _ in }
    ) -> UIPasteControl {
        let target = PasteLinkTarget { [weak self] text in
            guard let self else { return }
            completion(self.receiveDeferred(text, from: .clipboard))
        }
        retained["paste-target"] = target  // the control holds its target weakly
        let control = UIPasteControl(configuration: configuration)
        control.target = target
        return control
    }
}
#endif
