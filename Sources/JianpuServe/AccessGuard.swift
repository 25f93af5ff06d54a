import HTTPTypes
import Hummingbird

/// Refuses every request that is not from the editor's own page or a program that holds the token:
/// a foreign `Host` (DNS rebinding) or `Origin` (another site's page) is 403, a missing or wrong token 403.
///
/// The token may come as `?token=` (the printed URL; the answer then sets it as a cookie, `SameSite=Strict`,
/// so the page's own requests carry it), as that cookie, or as `Authorization: Bearer …` (other editors).
struct AccessGuard<Context: RequestContext>: RouterMiddleware {
    let token: String
    /// The port actually bound, read when a request comes (0 until then: the configured one is used).
    let port: @Sendable () -> Int
    /// The names this server answers to, besides loopback: the `--host` address.
    let host: String

    /// The cookie that carries the token after the first visit.
    static var cookieName: String { "jianpu_token" }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let hostHeader = request.head.authority, allowed(authority: hostHeader) else {
            return Self.refusal("this server answers only to its own address")
        }
        if let origin = request.headers[.origin], !allowed(origin: origin) {
            return Self.refusal("requests from other sites are refused")
        }
        let query = request.uri.queryParameters.get("token")
        let cookie = request.cookies[Self.cookieName]?.value
        let bearer = request.headers[.authorization].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
        guard [query, cookie, bearer].contains(where: { $0.map { Self.same($0, token) } ?? false }) else {
            return Self.refusal("a token is needed: open the URL that `jianpu serve` printed")
        }
        var response = try await next(request, context)
        if let query, Self.same(query, token), cookie != token {
            response.headers[.setCookie] = "\(Self.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"
        }
        return response
    }

    /// Whether a `Host` value names this server: a loopback name or the `--host` address, on its port.
    func allowed(authority: String) -> Bool {
        let (name, port) = Self.split(authority)
        guard port == nil || port == self.port() else { return false }
        return ServeConfiguration.isLoopback(name) || name == host || (name == "[\(host)]")
    }

    /// Whether an `Origin` value is this server's own page.
    func allowed(origin: String) -> Bool {
        guard origin.hasPrefix("http://") else { return false }
        return allowed(authority: String(origin.dropFirst(7)))
    }

    /// `name:port` split; the port nil when absent, -1 when not a number.
    static func split(_ authority: String) -> (String, Int?) {
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            let name = String(authority[authority.index(after: authority.startIndex)..<close])
            let rest = authority[authority.index(after: close)...]
            guard !rest.isEmpty else { return (name, nil) }
            return rest.hasPrefix(":") ? (name, Int(rest.dropFirst()) ?? -1) : (name, -1)
        }
        guard let colon = authority.lastIndex(of: ":") else { return (authority, nil) }
        return (String(authority[..<colon]), Int(authority[authority.index(after: colon)...]) ?? -1)
    }

    /// Compares in time that does not depend on where the strings differ.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }

    static func refusal(_ message: String) -> Response {
        var buffer = ByteBuffer()
        buffer.writeString("403 Forbidden: \(message)\n")
        return Response(status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"], body: ResponseBody(byteBuffer: buffer))
    }
}
