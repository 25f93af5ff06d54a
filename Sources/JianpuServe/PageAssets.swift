import Foundation
import JianpuFiles

/// The editor page's files: its HTML, style and scripts (Swift strings in `Page/`, one concept a file), and
/// Debian's CodeMirror (`libjs-codemirror`), served from where the package puts it — nothing from the internet.
enum PageAssets {
    /// Where `libjs-codemirror` installs CodeMirror.
    static let codeMirrorFolder = "/usr/share/javascript/codemirror"

    /// The editor.
    static let html = EditorPage.html

    /// `/assets/NAME`: the page's style and scripts.
    static let files: [String: (text: String, type: String)] = [
        "editor.css": (EditorStyle.css, "text/css; charset=utf-8"),
        "editor.js": (EditorScript.js, "text/javascript; charset=utf-8"),
        "diagnostics.js": (DiagnosticsScript.js, "text/javascript; charset=utf-8"),
        "preview.js": (PreviewScript.js, "text/javascript; charset=utf-8"),
        "player.js": (PlayerScript.js, "text/javascript; charset=utf-8"),
        "files.js": (FilesScript.js, "text/javascript; charset=utf-8"),
    ]

    /// A CodeMirror file (`lib/codemirror.js`, `addon/…`), only `.js` and `.css`, only inside its folder.
    static func codeMirror(_ relative: String) -> (text: String, type: String)? {
        let isScript = relative.hasSuffix(".js"), isStyle = relative.hasSuffix(".css")
        guard isScript || isStyle, !relative.split(separator: "/").contains(where: { $0 == ".." || $0.hasPrefix(".") }),
            let folder = ServedFolder.realPath(codeMirrorFolder), let real = ServedFolder.realPath(codeMirrorFolder + "/" + relative),
            real.hasPrefix(folder + "/"), let bytes = try? InputFile.read(real, maximumBytes: 4 << 20)
        else { return nil }
        return (String(decoding: bytes, as: UTF8.self), isScript ? "text/javascript; charset=utf-8" : "text/css; charset=utf-8")
    }
}
