@testable import JianpuEngraving
import Testing

@Suite("Lyrics split into syllables")
struct LyricsTests {
    @Test("a syllable per note: words at spaces, each CJK character alone with its punctuation, _ for a note left unsung",
          arguments: [
            ("Ma- ry had a", ["Ma-", "ry", "had", "a"]),
            ("一闪一闪，亮晶晶", ["一", "闪", "一", "闪，", "亮", "晶", "晶"]),
            ("la _ la", ["la", nil, "la"]),
            ("Do 哆 re", ["Do", "哆", "re"]),
          ] as [(String, [String?])])
    func syllables(verse: String, expected: [String?]) {
        #expect(Lyrics.syllables(verse) == expected)
    }
}
