// Unit tests of the language server's protocol layer (warplint/Lsp):
// positions in UTF-16, URIs, incremental changes, diagnostics, code actions,
// inlay hints, and the base protocol's framing.
#include "warplint/Lsp/Protocol.h"
#include "warplint/Lsp/Transport.h"
#include "llvm/Support/JSON.h"
#include "gtest/gtest.h"
#include <cstdio>

using namespace warplint;
using namespace warplint::lsp;
namespace json = llvm::json;

static std::string show(const json::Value &V) {
  std::string S;
  llvm::raw_string_ostream(S) << V;
  return S;
}

TEST(LspPositions, Utf16CountsSurrogatePairsAndBadBytes) {
  EXPECT_EQ(utf16Length("abc", 2), 2u);
  // é is two bytes and one unit; € three bytes, one unit; 😀 four bytes,
  // two units.
  EXPECT_EQ(utf16Length("\xc3\xa9x", 3), 2u);
  EXPECT_EQ(utf16Length("\xe2\x82\xacx", 4), 2u);
  EXPECT_EQ(utf16Length("\xf0\x9f\x98\x80x", 5), 3u);
  // A byte that starts no sequence, and a sequence cut short, count one
  // unit per byte.
  EXPECT_EQ(utf16Length("\xff\xfe", 2), 2u);
  EXPECT_EQ(utf16Length("\xe2\x82", 2), 2u);
  // Past the end of the line: the whole line.
  EXPECT_EQ(utf16Length("ab", 10), 2u);
}

TEST(LspPositions, DocumentTextRoundTrips) {
  DocumentText D("int a;\r\n  \xf0\x9f\x98\x80 x = s[i];\nlast");
  EXPECT_EQ(D.lines(), 3u);
  EXPECT_EQ(D.line(1), "int a;"); // without its \r
  EXPECT_EQ(D.line(4), "");
  // Byte column 8 of line 2 ('x') is after the emoji: 2 + 2 + 1 units.
  EXPECT_EQ(show(D.position(2, 8)), R"({"character":5,"line":1})");
  EXPECT_EQ(D.byteColumn(2, 5), 8u);
  EXPECT_EQ(*D.offset(1, 5), 8u + 7u);
  // Past the line's end: its end; past the last line: none.
  EXPECT_EQ(D.byteColumn(1, 99), 7u);
  EXPECT_FALSE(D.offset(3, 0));
  EXPECT_EQ(show(D.position(9, 1)), R"({"character":4,"line":2})");
}

TEST(LspUris, PathsRoundTrip) {
  EXPECT_EQ(uriFromPath("/a b/c#d%.cu"), "file:///a%20b/c%23d%25.cu");
  EXPECT_EQ(pathFromUri("file:///a%20b/c%23d%25.cu"), "/a b/c#d%.cu");
  EXPECT_EQ(pathFromUri("file://localhost/x.cu"), "/x.cu");
  EXPECT_EQ(pathFromUri("untitled:Untitled-1"), "");
  EXPECT_EQ(pathFromUri("file:///bad%zz"), "/bad%zz");
}

static json::Object change(int L0, int C0, int L1, int C1, const char *Text) {
  return json::Object{
      {"range",
       json::Object{{"start", json::Object{{"line", L0}, {"character", C0}}},
                    {"end", json::Object{{"line", L1}, {"character", C1}}}}},
      {"text", Text}};
}

TEST(LspChanges, RangesAndWholeText) {
  std::string T = "ab\ncd\nef";
  ASSERT_TRUE(applyChange(T, change(0, 1, 1, 1, "X")));
  EXPECT_EQ(T, "aXd\nef");
  ASSERT_TRUE(applyChange(T, change(1, 2, 1, 2, "!\n")));
  EXPECT_EQ(T, "aXd\nef!\n");
  // A position past the last line is the end of the text.
  ASSERT_TRUE(applyChange(T, change(7, 0, 9, 0, "end")));
  EXPECT_EQ(T, "aXd\nef!\nend");
  ASSERT_TRUE(applyChange(T, json::Object{{"text", "new"}}));
  EXPECT_EQ(T, "new");
  // Malformed: an end before the start, no text.
  EXPECT_FALSE(applyChange(T, change(0, 2, 0, 1, "")));
  EXPECT_FALSE(applyChange(T, json::Object{{"range", nullptr}}));
  EXPECT_EQ(T, "new");
}

static Finding conflict() {
  Finding F;
  F.Check = "warplint-bank-conflict";
  F.Level = Severity::Warning;
  F.Loc = {"/p/k.cu", 2, 11};
  F.Message = "shared-memory load of 't[x][y]' has a 32-way bank conflict";
  FindingNote Pad;
  Pad.Loc = {"/p/k.cu", 1, 18};
  Pad.Message = "padding the inner dimension of 't' to 33 elements makes "
                "every access of it conflict-free";
  Pad.FixIts.push_back({{"/p/k.cu", 1, 21}, {"/p/k.cu", 1, 23}, "32 + 1"});
  F.Notes.push_back(Pad);
  return F;
}

static const char *Source = "__shared__ float t[32][32];\n  a = b + t[x][y];\n";

TEST(LspDiagnostics, CodeLinkNotesAndRange) {
  DocumentText Doc(Source);
  DiagnosticContext C;
  C.Doc = &Doc;
  C.DocsBase = "https://example.org/docs";
  Finding F = conflict();
  json::Value D = diagnostic(F, C, "t[x][y]");
  const json::Object &O = *D.getAsObject();
  EXPECT_EQ(
      show(*O.get("range")),
      R"({"end":{"character":17,"line":1},"start":{"character":10,"line":1}})");
  EXPECT_EQ(*O.getInteger("severity"), 2);
  EXPECT_EQ(*O.getString("code"), "warplint-bank-conflict");
  EXPECT_EQ(
      show(*O.get("codeDescription")),
      R"({"href":"https://example.org/docs/checks/warplint-bank-conflict.md"})");
  const json::Array &R = *O.getArray("relatedInformation");
  ASSERT_EQ(R.size(), 1u);
  EXPECT_EQ(*R[0].getAsObject()->getObject("location")->getString("uri"),
            "file:///p/k.cu");
  // Without the access's text, the word at the place; an error is 1.
  F.Level = Severity::Error;
  json::Value W = diagnostic(F, C);
  EXPECT_EQ(
      show(*W.getAsObject()->get("range")),
      R"({"end":{"character":11,"line":1},"start":{"character":10,"line":1}})");
  // Not at a word: to the end of the line.
  F.Loc.Column = 9;
  EXPECT_EQ(
      show(*diagnostic(F, C).getAsObject()->get("range")),
      R"({"end":{"character":18,"line":1},"start":{"character":8,"line":1}})");
  EXPECT_EQ(*W.getAsObject()->getInteger("severity"), 1);
}

/// The titles and, for each, the text its edit inserts (or its command).
static std::vector<std::string> actions(const Finding &F, const char *Text) {
  DocumentText Doc(Text);
  DiagnosticContext C;
  C.Doc = &Doc;
  std::vector<std::string> Out;
  for (const json::Value &A :
       codeActions(F, json::Object{}, "file:///p/k.cu", Doc, C)) {
    const json::Object &O = *A.getAsObject();
    std::string S = O.getString("title")->str() + " |";
    if (const json::Object *E = O.getObject("edit"))
      for (const json::Value &X :
           *E->getObject("changes")->getArray("file:///p/k.cu"))
        S += " " + show(*X.getAsObject()->get("range")) + " '" +
             X.getAsObject()->getString("newText")->str() + "'";
    if (const json::Object *Cmd = O.getObject("command"))
      S += " " + Cmd->getString("command")->str();
    Out.push_back(S);
  }
  return Out;
}

TEST(LspActions, FixItAndNolint) {
  std::vector<std::string> A = actions(conflict(), Source);
  ASSERT_EQ(A.size(), 2u);
  EXPECT_EQ(
      A[0],
      "Padding the inner dimension of 't' to 33 elements makes "
      "every access of it conflict-free | "
      R"({"end":{"character":22,"line":0},"start":{"character":20,"line":0}})"
      " '32 + 1'");
  EXPECT_EQ(
      A[1],
      "Suppress warplint-bank-conflict on this line (NOLINT) | "
      R"({"end":{"character":18,"line":1},"start":{"character":18,"line":1}})"
      " '  // NOLINT(warplint-bank-conflict)'");
}

TEST(LspActions, NolintJoinsAnExistingListAndKeepsOutOfMacros) {
  Finding F = conflict();
  F.Notes.clear();
  std::vector<std::string> A =
      actions(F, "x\n  a = t[x][y]; // NOLINT(warplint-block-size) why\n");
  ASSERT_EQ(A.size(), 1u);
  EXPECT_EQ(
      A[0],
      "Suppress warplint-bank-conflict on this line (NOLINT) | "
      R"({"end":{"character":44,"line":1},"start":{"character":44,"line":1}})"
      " ',warplint-bank-conflict'");
  // A line continued by a backslash, or a bare NOLINT (which already
  // suppresses everything): no action.
  EXPECT_TRUE(actions(F, "x\n  a = t[x][y]; \\\n").empty());
  EXPECT_TRUE(actions(F, "x\n  a = t[x][y]; // NOLINT\n").empty());
}

TEST(LspActions, LayoutHintIsExplainedNotApplied) {
  Finding F = conflict();
  FindingNote Hint;
  Hint.Loc = {"/p/k.cu", 1, 18};
  Hint.Message = "every access of 't' is conflict-free with an XOR swizzle "
                 "of the column by the row";
  F.Notes = {Hint};
  std::vector<std::string> A = actions(F, Source);
  ASSERT_EQ(A.size(), 2u);
  EXPECT_EQ(A[0], "Explain: every access of 't' is conflict-free with an XOR "
                  "swizzle of the column by the row | warplint.explainLayout");
}

static SharedAccessInfo
access(std::vector<std::pair<unsigned, unsigned>> Runs) {
  SharedAccessInfo I;
  I.Loc = {"/p/k.cu", 2, 11};
  I.Text = "t[x][y]";
  I.Access = "load";
  I.Bytes = 4;
  for (auto [W, P] : Runs) {
    SharedAccessInfo::Run R;
    R.Block = {32, 8, 1};
    R.Result.State = model::AccessResult::Ok;
    R.Result.Wavefronts = W;
    R.Result.Phases = P;
    I.Runs.push_back(R);
  }
  return I;
}

TEST(LspHints, AccessDegreeIsTheWorstShape) {
  DocumentText Doc(Source);
  auto H = accessHint(access({{1, 1}, {8, 2}}), Doc);
  ASSERT_TRUE(H);
  EXPECT_EQ(*H->getAsObject()->getString("label"), "4-way");
  // After the access's text.
  EXPECT_EQ(show(*H->getAsObject()->get("position")),
            R"({"character":17,"line":1})");
  EXPECT_EQ(*H->getAsObject()->getString("tooltip"),
            "block 32x8: 1-way\nblock 32x8: 4-way");
  SharedAccessInfo U = access({});
  U.WhyUnknown = "the index is loaded from memory";
  auto Q = accessHint(U, Doc);
  ASSERT_TRUE(Q);
  EXPECT_EQ(*Q->getAsObject()->getString("label"), "?");
  // No thread executes it: no hint.
  SharedAccessInfo N = access({{1, 1}});
  N.Runs[0].Result.State = model::AccessResult::NeverRuns;
  EXPECT_FALSE(accessHint(N, Doc));
  // A line the document does not have.
  SharedAccessInfo Far = access({{1, 1}});
  Far.Loc.Line = 40;
  EXPECT_FALSE(accessHint(Far, Doc));
}

TEST(LspHints, LaunchOccupancyOrWhyNot) {
  DocumentText Doc("void f() {\n  k<<<1, 256>>>(p);  \n}\n");
  LaunchInfo L;
  L.Loc = {"/p/k.cu", 2, 16};
  L.What = "launch of 'k'";
  L.Block = "256x1";
  L.Threads = 256;
  L.WhyNoOccupancy = "no ptxas report";
  auto H = launchHint(L, Doc);
  ASSERT_TRUE(H);
  EXPECT_EQ(*H->getAsObject()->getString("label"), "occupancy ?");
  EXPECT_EQ(show(*H->getAsObject()->get("position")),
            R"({"character":19,"line":1})");
  LaunchInfo::Arch A;
  A.Name = "sm_80";
  A.Occupancy = 0.5;
  A.ActiveBlocks = 4;
  A.ActiveWarps = 32;
  A.MaxWarps = 64;
  A.Limiter = "registers (72 per thread)";
  L.Archs = {A};
  H = launchHint(L, Doc);
  EXPECT_EQ(*H->getAsObject()->getString("label"), "50% occupancy");
  EXPECT_NE(launchHover(L).find("| sm_80 | 0 | 0 B | 4 | 32 of 64 | 50% | "
                                "registers (72 per thread) |"),
            std::string::npos);
  A.Name = "sm_90";
  L.Archs.push_back(A);
  H = launchHint(L, Doc);
  EXPECT_EQ(*H->getAsObject()->getString("label"),
            "sm_80 50%, sm_90 50% occupancy");
}

/// The messages Transport reads from Input.
static std::vector<std::string> readAll(const std::string &Input) {
  std::FILE *F = fmemopen(const_cast<char *>(Input.data()), Input.size(), "r");
  std::string Sink;
  llvm::raw_string_ostream OS(Sink);
  Transport T(F, OS);
  std::vector<std::string> Out;
  while (auto M = T.read())
    Out.push_back(M->Json ? show(*M->Json) : "problem: " + M->Problem);
  std::fclose(F);
  return Out;
}

TEST(LspTransport, Framing) {
  std::vector<std::string> M =
      readAll("Content-Length: 2\r\n\r\n{}"
              "\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n"
              "content-length: 3\r\n\r\n[1]"
              "Content-Length: x\r\n\r\n"
              "X: y\r\n\r\n"
              "Content-Length: 4\r\n\r\n{bad"
              "Content-Length: 10\r\n\r\n{\"a\":");
  ASSERT_EQ(M.size(), 5u);
  EXPECT_EQ(M[0], "{}");
  EXPECT_EQ(M[1], "[1]");
  EXPECT_EQ(M[2], "problem: bad header 'Content-Length: x' (a length of at "
                  "most 268435456 bytes)");
  EXPECT_EQ(M[3], "problem: a message without a Content-Length header");
  EXPECT_EQ(M[4].substr(0, 17), "problem: not JSON");
  // The last message ends early: the end of the input.
}

TEST(LspTransport, WritesWholeFrames) {
  std::FILE *In = fmemopen(nullptr, 1, "r");
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  Transport T(In, OS);
  T.notify("x/y", json::Object{{"a", "\xc3\xa9"}});
  T.replyError(3, MethodNotFound, "no");
  std::fclose(In);
  std::string A = R"({"jsonrpc":"2.0","method":"x/y","params":{"a":"é"}})";
  std::string B =
      R"({"error":{"code":-32601,"message":"no"},"id":3,"jsonrpc":"2.0"})";
  EXPECT_EQ(Out, "Content-Length: " + std::to_string(A.size()) + "\r\n\r\n" +
                     A + "Content-Length: " + std::to_string(B.size()) +
                     "\r\n\r\n" + B);
}
