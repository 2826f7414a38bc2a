/// The texts the built-in templates show, in the languages Trampoline ships, chosen by
/// `site.language`. A template of the project's own may use them (`{{open_app}}`…) or write its
/// own words instead: nothing forces a built-in string onto a page.
package struct PageStrings: Sendable, Equatable {
    /// `{app}` in each text stands for the app's name.
    package var openApp: String
    package var getAppStore: String
    package var getPlay: String
    package var continueWeb: String
    package var scanPhone: String
    package var notFoundTitle: String
    package var notFoundText: String
    package var homeText: String
    package var opening: String
    /// The in-app browser notice (`Templates/in-app.md`): its first sentence, the rest, and its links.
    package var inAppTitle: String
    package var inAppText: String
    package var copyLink: String
    package var openBrowser: String
    /// The long-link page's notice for a target outside `site.long_links.allow`, and its link
    /// home (docs/share-links.md); `{site}` stands for the site's title, else the app's name.
    package var longLinkRefused: String
    package var longLinkHome: String

    /// Each value templates may use for these strings, and its text; `get_store` is the App
    /// Store's text when the app has an iOS app (where the pages' store button goes), else
    /// Google Play's. The one list of these keys and their order.
    static let slots: [(key: String, text: @Sendable (PageStrings, _ hasIOSApp: Bool) -> String)] = [
        ("open_app", { strings, _ in strings.openApp }),
        ("get_store", { strings, hasIOSApp in hasIOSApp ? strings.getAppStore : strings.getPlay }),
        ("get_app_store", { strings, _ in strings.getAppStore }), ("get_play", { strings, _ in strings.getPlay }),
        ("continue_web", { strings, _ in strings.continueWeb }), ("scan_phone", { strings, _ in strings.scanPhone }),
        ("not_found_title", { strings, _ in strings.notFoundTitle }),
        ("not_found_text", { strings, _ in strings.notFoundText }), ("home_text", { strings, _ in strings.homeText }),
        ("opening", { strings, _ in strings.opening }), ("in_app_title", { strings, _ in strings.inAppTitle }),
        ("in_app_text", { strings, _ in strings.inAppText }), ("copy_link", { strings, _ in strings.copyLink }),
        ("open_browser", { strings, _ in strings.openBrowser }),
    ]

    /// The keys of ``slots``, as templates are parsed with them.
    package static let valueKeys = slots.map(\.key)

    /// The texts in the order of ``valueKeys``.
    package func values(hasIOSApp: Bool) -> [String] {
        Self.slots.map { $0.text(self, hasIOSApp) }
    }

    /// The languages with built-in strings, by the tag that names them.
    package static let builtIn: [(tag: String, strings: PageStrings)] = [
        (
            "en",
            PageStrings(
                openApp: "Open in {app}", getAppStore: "Get {app} on the App Store",
                getPlay: "Get {app} on Google Play", continueWeb: "Continue on the web",
                scanPhone: "Scan with your phone", notFoundTitle: "Link not found",
                notFoundText: "This link does not exist, or it has expired. You can still get {app}.",
                homeText: "Links to {app}. Open one on your phone to jump straight to the right screen.",
                opening: "Opening {app}…",
                inAppTitle: "{app} can't open inside this app's browser.",
                inAppText:
                    "Open this page in your browser first: tap the menu (⋯ or the share button) and choose Open in browser or Open in Safari, or copy the link and paste it there.",
                copyLink: "Copy the link", openBrowser: "Open in your browser",
                longLinkRefused: "This link points somewhere {site} does not send people.", longLinkHome: "Go to {site}"
            )
        ),
        (
            "ja",
            PageStrings(
                openApp: "{app}で開く", getAppStore: "App Storeで{app}を入手", getPlay: "Google Playで{app}を入手",
                continueWeb: "ウェブで続ける", scanPhone: "スマートフォンでスキャンしてください",
                notFoundTitle: "リンクが見つかりません",
                notFoundText: "このリンクは存在しないか、有効期限が切れています。{app}は引き続き入手できます。",
                homeText: "{app}へのリンクです。スマートフォンで開くと、該当する画面に直接移動します。", opening: "{app}を開いています…",
                inAppTitle: "このアプリ内のブラウザでは{app}を開けません。",
                inAppText:
                    "まずこのページをブラウザで開いてください。メニュー（⋯ または共有ボタン）から「ブラウザで開く」または「Safariで開く」を選ぶか、リンクをコピーしてブラウザに貼り付けてください。",
                copyLink: "リンクをコピー", openBrowser: "ブラウザで開く",
                longLinkRefused: "このリンクの行き先へは、{site}からはご案内していません。", longLinkHome: "{site}へ移動")
        ),
        (
            "zh-Hans",
            PageStrings(
                openApp: "在{app}中打开", getAppStore: "在 App Store 获取{app}", getPlay: "在 Google Play 获取{app}",
                continueWeb: "在网页上继续", scanPhone: "用手机扫描", notFoundTitle: "找不到链接",
                notFoundText: "此链接不存在或已过期。你仍然可以获取{app}。",
                homeText: "{app}的链接。在手机上打开即可直接进入相应页面。", opening: "正在打开{app}…",
                inAppTitle: "无法在此应用的内置浏览器中打开{app}。",
                inAppText:
                    "请先在浏览器中打开此页面：点按菜单（⋯ 或分享按钮），选择“在浏览器中打开”或“在 Safari 中打开”，或者复制链接并粘贴到浏览器中。",
                copyLink: "复制链接", openBrowser: "在浏览器中打开",
                longLinkRefused: "此链接指向{site}不会引导用户前往的地方。", longLinkHome: "前往{site}")
        ),
        (
            "zh-Hant",
            PageStrings(
                openApp: "在{app}中開啟", getAppStore: "在 App Store 取得{app}", getPlay: "在 Google Play 取得{app}",
                continueWeb: "在網頁上繼續", scanPhone: "用手機掃描", notFoundTitle: "找不到連結",
                notFoundText: "此連結不存在或已過期。你仍然可以取得{app}。",
                homeText: "{app}的連結。在手機上開啟即可直接前往對應畫面。", opening: "正在開啟{app}…",
                inAppTitle: "無法在此 App 的內建瀏覽器中開啟{app}。",
                inAppText:
                    "請先在瀏覽器中開啟此頁面：點一下選單（⋯ 或分享按鈕），選擇「在瀏覽器中開啟」或「在 Safari 中開啟」，或複製連結並貼到瀏覽器中。",
                copyLink: "複製連結", openBrowser: "在瀏覽器中開啟",
                longLinkRefused: "此連結指向{site}不會引導使用者前往的地方。", longLinkHome: "前往{site}")
        ),
        (
            "ko",
            PageStrings(
                openApp: "{app}에서 열기", getAppStore: "App Store에서 {app} 받기", getPlay: "Google Play에서 {app} 받기",
                continueWeb: "웹에서 계속하기", scanPhone: "휴대폰으로 스캔하세요", notFoundTitle: "링크를 찾을 수 없습니다",
                notFoundText: "이 링크는 존재하지 않거나 만료되었습니다. {app}은(는) 계속 받을 수 있습니다.",
                homeText: "{app} 링크입니다. 휴대폰에서 열면 해당 화면으로 바로 이동합니다.", opening: "{app}을(를) 여는 중…",
                inAppTitle: "이 앱의 내장 브라우저에서는 {app}을(를) 열 수 없습니다.",
                inAppText:
                    "먼저 이 페이지를 브라우저에서 여세요. 메뉴(⋯ 또는 공유 버튼)를 눌러 ‘브라우저에서 열기’ 또는 ‘Safari에서 열기’를 선택하거나, 링크를 복사해 브라우저에 붙여 넣으세요.",
                copyLink: "링크 복사", openBrowser: "브라우저에서 열기",
                longLinkRefused: "이 링크는 {site}에서 안내하지 않는 곳을 가리킵니다.", longLinkHome: "{site}(으)로 이동")
        ),
        (
            "es",
            PageStrings(
                openApp: "Abrir en {app}", getAppStore: "Descargar {app} en el App Store",
                getPlay: "Descargar {app} en Google Play", continueWeb: "Continuar en la web",
                scanPhone: "Escanea con tu teléfono", notFoundTitle: "Enlace no encontrado",
                notFoundText: "Este enlace no existe o ha caducado. Aún puedes descargar {app}.",
                homeText: "Enlaces a {app}. Abre uno en tu teléfono para ir directamente a la pantalla correcta.",
                opening: "Abriendo {app}…",
                inAppTitle: "{app} no se puede abrir en el navegador de esta app.",
                inAppText:
                    "Abre primero esta página en tu navegador: toca el menú (⋯ o el botón de compartir) y elige Abrir en el navegador o Abrir en Safari, o copia el enlace y pégalo allí.",
                copyLink: "Copiar el enlace", openBrowser: "Abrir en tu navegador",
                longLinkRefused: "Este enlace lleva a un sitio al que {site} no envía a nadie.",
                longLinkHome: "Ir a {site}")
        ),
        (
            "fr",
            PageStrings(
                openApp: "Ouvrir dans {app}", getAppStore: "Télécharger {app} sur l’App Store",
                getPlay: "Télécharger {app} sur Google Play", continueWeb: "Continuer sur le web",
                scanPhone: "Scannez avec votre téléphone", notFoundTitle: "Lien introuvable",
                notFoundText: "Ce lien n’existe pas ou a expiré. Vous pouvez toujours télécharger {app}.",
                homeText:
                    "Des liens vers {app}. Ouvrez-en un sur votre téléphone pour arriver directement au bon écran.",
                opening: "Ouverture de {app}…",
                inAppTitle: "{app} ne peut pas s’ouvrir dans le navigateur de cette app.",
                inAppText:
                    "Ouvrez d’abord cette page dans votre navigateur : touchez le menu (⋯ ou le bouton de partage) et choisissez Ouvrir dans le navigateur ou Ouvrir dans Safari, ou copiez le lien et collez-le dans votre navigateur.",
                copyLink: "Copier le lien", openBrowser: "Ouvrir dans votre navigateur",
                longLinkRefused: "Ce lien mène à un endroit vers lequel {site} n’envoie personne.",
                longLinkHome: "Aller sur {site}")
        ),
        (
            "de",
            PageStrings(
                openApp: "In {app} öffnen", getAppStore: "{app} im App Store laden",
                getPlay: "{app} bei Google Play laden", continueWeb: "Im Web fortfahren",
                scanPhone: "Mit dem Smartphone scannen", notFoundTitle: "Link nicht gefunden",
                notFoundText: "Dieser Link existiert nicht oder ist abgelaufen. {app} können Sie trotzdem laden.",
                homeText:
                    "Links zu {app}. Öffnen Sie einen auf Ihrem Smartphone, um direkt zum richtigen Bildschirm zu gelangen.",
                opening: "{app} wird geöffnet …",
                inAppTitle: "{app} kann im Browser dieser App nicht geöffnet werden.",
                inAppText:
                    "Öffnen Sie diese Seite zuerst in Ihrem Browser: Tippen Sie auf das Menü (⋯ oder die Teilen-Taste) und wählen Sie Im Browser öffnen oder In Safari öffnen, oder kopieren Sie den Link und fügen Sie ihn dort ein.",
                copyLink: "Link kopieren", openBrowser: "Im Browser öffnen",
                longLinkRefused: "Dieser Link führt an einen Ort, zu dem {site} niemanden schickt.",
                longLinkHome: "Zu {site}")
        ),
        (
            "pt-BR",
            PageStrings(
                openApp: "Abrir no {app}", getAppStore: "Baixar o {app} na App Store",
                getPlay: "Baixar o {app} no Google Play", continueWeb: "Continuar na web",
                scanPhone: "Escaneie com seu celular", notFoundTitle: "Link não encontrado",
                notFoundText: "Este link não existe ou expirou. Você ainda pode baixar o {app}.",
                homeText: "Links para o {app}. Abra um no seu celular para ir direto à tela certa.",
                opening: "Abrindo o {app}…",
                inAppTitle: "O {app} não abre no navegador deste app.",
                inAppText:
                    "Abra esta página primeiro no seu navegador: toque no menu (⋯ ou no botão de compartilhar) e escolha Abrir no navegador ou Abrir no Safari, ou copie o link e cole-o lá.",
                copyLink: "Copiar o link", openBrowser: "Abrir no navegador",
                longLinkRefused: "Este link leva a um lugar para onde {site} não envia ninguém.",
                longLinkHome: "Ir para {site}")
        ),
    ]

    /// The tag of the built-in strings for a BCP 47 `language`, or nil when Trampoline has none:
    /// the exact tag first (case-insensitively), then Chinese by script or region, Portuguese as
    /// Brazilian, and any other by its primary subtag (`fr-CA` is French).
    package static func builtInTag(for language: String) -> String? {
        let lower = language.lowercased()
        if let exact = builtIn.first(where: { $0.tag.lowercased() == lower }) { return exact.tag }
        let subtags = lower.split(separator: "-").map(String.init)
        guard let primary = subtags.first else { return nil }
        switch primary {
        case "zh":
            let traditional =
                subtags.contains("hant") || ["tw", "hk", "mo"].contains(where: subtags.dropFirst().contains)
            return traditional ? "zh-Hant" : "zh-Hans"
        case "pt": return "pt-BR"
        default: return builtIn.first(where: { $0.tag == primary })?.tag
        }
    }

    /// The strings for `language`, English when Trampoline has none for it (the catalog reader
    /// warns then), with `{app}` replaced by `app`.
    package static func forLanguage(_ language: String, app: String) -> PageStrings {
        let tag = builtInTag(for: language) ?? "en"
        let strings = builtIn.first { $0.tag == tag }!.strings
        let fill = { (text: String) in text.replacingOccurrences(of: "{app}", with: app) }
        return PageStrings(
            openApp: fill(strings.openApp), getAppStore: fill(strings.getAppStore), getPlay: fill(strings.getPlay),
            continueWeb: fill(strings.continueWeb), scanPhone: fill(strings.scanPhone),
            notFoundTitle: fill(strings.notFoundTitle), notFoundText: fill(strings.notFoundText),
            homeText: fill(strings.homeText), opening: fill(strings.opening), inAppTitle: fill(strings.inAppTitle),
            inAppText: fill(strings.inAppText), copyLink: fill(strings.copyLink),
            openBrowser: fill(strings.openBrowser), longLinkRefused: fill(strings.longLinkRefused),
            longLinkHome: fill(strings.longLinkHome))
    }

    /// Whether `language` is written right to left (the `<html dir>`): by its primary subtag, or
    /// a right-to-left script subtag.
    package static func isRightToLeft(_ language: String) -> Bool {
        let subtags = language.lowercased().split(separator: "-")
        guard let primary = subtags.first else { return false }
        let rtlLanguages: Set<Substring> = ["ar", "he", "iw", "fa", "ur", "ps", "sd", "ug", "yi", "dv", "ckb", "syr"]
        let rtlScripts: Set<Substring> = ["arab", "hebr", "thaa", "syrc", "nkoo", "adlm", "rohg"]
        return rtlLanguages.contains(primary) || subtags.dropFirst().contains(where: rtlScripts.contains)
    }
}
