// Generated from Tests/Fixtures/in-app-rules.json by Tests/Fixtures/in_app_rules.py --write: edit the
// table, not this file.

/// The pages' in-app browser rules (docs/in-app-browsers.md), as `trampoline stats` applies them
/// to a log's user agents (``AgentClassifier``): the same decision as the page's. Each list is
/// one regular expression, its items joined by `|`.
enum InAppRules {
    /// The apps' inline tokens (trampoline.js).
    static let inlineTokens = [
        #"Instagram"#,
        #"FB[A_][NVI]"#,
        #"ultralite"#,
        #"MicroMessenger"#,
        #"NAVER\("#,
        #"Zalo\/"#,
        #"WA(iOS|4A)\/"#,
        #"TeamsMobile"#,
        #"GSA\/"#,
        #"YJApp"#,
        #"Bing(Sapphire|Web)"#,
        #"Ali(pay|App)"#,
        #"Flipboard\/"#,
        #"Pinterest"#,
        #"Telegram"#,
        #" QQ\/"#,
        #"baiduboxapp"#,
        #"YaApp"#,
        #"Viber"#,
        #"Wire\/"#,
        #"Roblox"#,
        #"AdobeAIR"#,
        #"Crosswalk"#,
    ]
    /// iOS: a browser's shape (an agent without it is a web view's).
    static let iosBrowserShape = [
        #"Safari[\d.\/]*$"#
    ]
    /// Android: a web view's shape.
    static let androidWebViewShape = [
        #"; wv\)"#,
        #"Version\/4\.0 Chrome\/\d+\.0\.0\.0"#,
    ]
    /// The apps' patterns, in order (trampoline-more.js).
    static let apps = [
        #"Instagram"#,
        #"FBAN\/Messenger|FB_IAB\/(MESSENGER|Orca)"#,
        #"FBAN\/|FBAV\/|FB_IAB\/|MetaIAB"#,
        #"Barcelona"#,
        #" Line\/"#,
        #"AppName\/ultralite"#,
        #"musical_ly|BytedanceWebview|TikTok"#,
        #"Twitter"#,
        #"MicroMessenger"#,
        #"Snapchat"#,
        #"LinkedInApp"#,
        #"KAKAOTALK"#,
        #"KAKAOSTORY"#,
        #"NAVER\(inapp"#,
        #"DaumApps\/"#,
        #"Zalo\/"#,
        #"WAiOS\/|WA4A\/"#,
        #"TeamsMobile-"#,
        #"GSA\/"#,
        #"YJApp-"#,
        #"BingSapphire|BingWeb|bingipadclient"#,
        #"AlipayClient"#,
        #"AliApp"#,
        #"Klarna\/"#,
        #"Flipboard\/"#,
        #"Pinterest"#,
        #"Telegram"#,
        #"[Ww]eibo"#,
        #" QQ\/"#,
        #"baiduboxapp"#,
        #"tieba\/"#,
        #"YaApp"#,
        #"Viber"#,
        #"Wire\/"#,
        #"Roblox"#,
        #"AdobeAIR"#,
        #"Crosswalk"#,
        #"InApp"#,
    ]
    /// The browsers' names, matched in any case.
    static let browsers = [
        #"browser"#,
        #"ACHEETAH"#,
        #"Opera|OP[RT]\/|OPiOS|Coast\/"#,
        #"CriOS|FxiOS|EdgiOS|Focus\/|Klar\/"#,
        #"Brave"#,
        #"DuckDuckGo|Ddg\/"#,
        #"Ecosia"#,
        #"Puffin"#,
        #"Maxthon|MXiOS"#,
        #"Sleipnir"#,
        #"Dolphin"#,
        #"SznProhlizec"#,
        #"UCLite|ucpro"#,
        #"Vivaldi"#,
        #"PHX\/"#,
        #"IEMobile"#,
        #"Mobicip"#,
        #"Lunascape"#,
        #"Midori"#,
        #"Mammoth"#,
        #"Ninesky"#,
        #"Swing\("#,
        #"Epic\/"#,
    ]
}
