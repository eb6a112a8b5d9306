// Unit tests of lines, columns and snippets (warplint/Core/SourceText.h):
// lines as clang counts them, bounded windows of long lines, and columns in
// code points and display columns.
#include "warplint/Core/SourceText.h"
#include "gtest/gtest.h"
#include <string>

using namespace warplint;

TEST(SourceTextTest, LinesEndAsClangEndsThem) {
  // "\n", "\r\n" and "\r" alone each end a line; "\n\r" is two breaks.
  llvm::StringRef T = "a\nb\r\nc\rd\n\re";
  LineTable L(T);
  EXPECT_EQ(L.lines(), 6u);
  EXPECT_EQ(L.lineOf(0), 1u);
  EXPECT_EQ(L.lineOf(T.find('b')), 2u);
  EXPECT_EQ(L.lineOf(T.find('c')), 3u);
  EXPECT_EQ(L.lineOf(T.find('d')), 4u);
  EXPECT_EQ(L.lineOf(T.find('e')), 6u);
  EXPECT_EQ(L.lineAt(T.find('b')), "b");
  EXPECT_EQ(L.lineAt(T.find('c')), "c");
  EXPECT_EQ(L.lineAt(T.find('e')), "e");
  EXPECT_EQ(L.lineAt(T.find('d') + 2), ""); // the empty line 5
  // An offset on a break belongs to the line it ends.
  EXPECT_EQ(L.lineOf(T.find('\r')), 2u);
  EXPECT_EQ(L.lineOf(T.find('\r') + 1), 2u);
  EXPECT_EQ(L.lineOf(T.size()), 6u);
  EXPECT_EQ(L.lineRange(7), std::make_pair(size_t(0), size_t(0)));
  LineTable Empty("");
  EXPECT_EQ(Empty.lines(), 1u);
  EXPECT_EQ(Empty.lineAt(0), "");
}

TEST(SourceTextTest, ShortLinesWholeLongLinesAWindowAroundTheCaret) {
  std::string Short(MaxWholeLineBytes, 'x');
  LineWindow W = snippetWindow(Short, 500);
  EXPECT_EQ(W.Begin, 0u);
  EXPECT_EQ(W.End, Short.size());

  std::string Long(1000000, 'x');
  for (size_t Off :
       {size_t(0), size_t(10), size_t(500000), Long.size() - 1, Long.size()}) {
    W = snippetWindow(Long, Off);
    EXPECT_LE(W.Begin, Off);
    EXPECT_GE(W.End, std::min(Off + 1, Long.size()));
    EXPECT_LE(W.End - W.Begin, size_t(SnippetWindowColumns)) << Off;
    EXPECT_GE(W.End - W.Begin, size_t(SnippetWindowColumns / 2)) << Off;
  }
  // Never inside a character; wide characters count two columns.
  std::string Wide;
  for (int I = 0; I < 2000; ++I)
    Wide += "\xE6\x97\xA5"; // U+65E5, two columns
  W = snippetWindow(Wide, 3 * 1000);
  EXPECT_EQ(W.Begin % 3, 0u);
  EXPECT_EQ(W.End % 3, 0u);
  EXPECT_LE(displayWidth(llvm::StringRef(Wide).slice(W.Begin, W.End)),
            SnippetWindowColumns + 1);
  // Combining characters take no column but the window stays bounded.
  std::string Combining = "a";
  for (int I = 0; I < 5000; ++I)
    Combining += "\xCC\x81"; // U+0301
  W = snippetWindow(Combining, 5000);
  EXPECT_LE(W.End - W.Begin, size_t(4 * SnippetWindowColumns));
  EXPECT_EQ(W.Begin % 2, 1u);
}

TEST(SourceTextTest, ColumnsInCodePointsAndDisplayColumns) {
  llvm::StringRef T = "// \xE2\x88\x91 \xE6\x97\xA5\xE6\x9C\xAC x"; // ∑ 日本
  EXPECT_EQ(codePointCount(T), 9u);
  EXPECT_EQ(displayWidth(T), 11u);
  // A byte that is not UTF-8 is one character of one column.
  EXPECT_EQ(codePointCount("a\xFF"
                           "b"),
            3u);
  EXPECT_EQ(displayWidth("a\xFF"
                         "b"),
            3u);
  EXPECT_EQ(codePointCount("\xE2\x88"), 2u); // cut short
  CodePointIndex I(T);
  EXPECT_EQ(I.count(0, T.size()), 9u);
  EXPECT_EQ(I.count(3, 6), 1u);
  EXPECT_EQ(I.count(6, 6), 0u);
  EXPECT_EQ(takeFrontChars(T, 5), "// ");
  EXPECT_EQ(takeFrontChars(T, 6), "// \xE2\x88\x91");
  EXPECT_EQ(takeFrontChars("abc", 10), "abc");
}
