/// What `jianpu serve` was asked for: the folder it serves, the file it opens first, where it listens and its token.
public struct ServeConfiguration: Sendable {
    /// The folder whose files the editor may open and save (an absolute path, links resolved).
    public var folder: String
    /// The file opened first, relative to `folder`; nil opens an empty score.
    public var initialFile: String?
    /// The address listened on: loopback unless the user asks for another.
    public var host: String
    /// The port; 0 takes any free one (the URL printed says which).
    public var port: Int
    /// The secret every request carries (`?token=`, the cookie set on the first visit, or `Authorization: Bearer`).
    public var token: String
    /// The SoundFont the page's sound is rendered with; nil finds one as `jianpu play` does, when asked for sound.
    public var soundFont: String?
    /// The longest a render of the page (or its sound) may take, in seconds, before it is answered as too slow.
    public var renderSeconds: Double = 10
    /// The largest request body read: a score is at most 1 MB, with room for its JSON escaping.
    public var maximumBody = 3 << 20

    public init(folder: String, initialFile: String? = nil, host: String = "127.0.0.1", port: Int = 8123, token: String = ServeConfiguration.newToken(), soundFont: String? = nil) {
        self.folder = folder
        self.initialFile = initialFile
        self.host = host
        self.port = port
        self.token = token
        self.soundFont = soundFont
    }

    /// 128 random bits as 32 hexadecimal digits.
    public static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let word = generator.next() as UInt32
            let hex = String(word, radix: 16)
            return String(repeating: "0", count: 8 - hex.count) + hex
        }.joined()
    }

    /// Whether `host` is a loopback address (or `localhost`): the only kind listened on without a warning.
    public static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { $0.count <= 3 && UInt8($0) != nil }
    }

    /// The URL to open, with the token, for the port actually bound.
    public func url(port: Int) -> String {
        let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : (host == "0.0.0.0" ? "127.0.0.1" : host)
        return "http://\(shown):\(port)/?token=\(token)"
    }
}
