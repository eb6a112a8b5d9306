//===-- Protocol.cpp - warplint's findings in the Language Server Protocol
//-===//
#include "warplint/Lsp/Protocol.h"
#include "warplint/Model/BankModel.h"
#include "warplint/Output/Explain.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include <algorithm>

using namespace llvm;

namespace warplint::lsp {

DocumentText::DocumentText(std::string T) : Text(std::move(T)) {
  Starts.push_back(0);
  for (size_t I = 0; I < Text.size(); ++I)
    if (Text[I] == '\n')
      Starts.push_back(I + 1);
}

StringRef DocumentText::line(unsigned N) const {
  if (N == 0 || N > Starts.size())
    return "";
  size_t B = Starts[N - 1];
  size_t E = N < Starts.size() ? Starts[N] - 1 : Text.size();
  StringRef L = StringRef(Text).slice(B, E);
  if (L.ends_with("\r"))
    L = L.drop_back();
  return L;
}

/// The length of the UTF-8 sequence that starts with B, 0 when B starts none.
static unsigned sequenceLength(unsigned char B) {
  if (B < 0x80)
    return 1;
  if ((B & 0xE0) == 0xC0)
    return 2;
  if ((B & 0xF0) == 0xE0)
    return 3;
  if ((B & 0xF8) == 0xF0)
    return 4;
  return 0;
}

/// Walks Line's characters: F(byte offset, UTF-16 units before it) for each,
/// until F returns false; the units of the whole line.
template <typename Fn> static unsigned walkUtf16(StringRef Line, Fn F) {
  unsigned Units = 0;
  for (size_t I = 0; I < Line.size();) {
    if (!F(I, Units))
      return Units;
    unsigned N = sequenceLength(Line[I]);
    bool Valid = N && I + N <= Line.size();
    for (unsigned K = 1; Valid && K < N; ++K)
      Valid = (Line[I + K] & 0xC0) == 0x80;
    if (!Valid)
      N = 1;
    Units += Valid && N == 4 ? 2 : 1;
    I += N;
  }
  F(Line.size(), Units);
  return Units;
}

unsigned utf16Length(StringRef Line, size_t Bytes) {
  unsigned Result = 0;
  walkUtf16(Line, [&](size_t I, unsigned Units) {
    Result = Units;
    return I < Bytes;
  });
  return Result;
}

json::Value DocumentText::position(unsigned Line, unsigned Column) const {
  if (Line == 0)
    Line = 1;
  if (Line > Starts.size())
    return json::Object{
        {"line", int64_t(Starts.size() - 1)},
        {"character", int64_t(utf16Length(line(Starts.size()), ~size_t(0)))}};
  StringRef L = line(Line);
  size_t Bytes = Column ? std::min<size_t>(Column - 1, L.size()) : 0;
  return json::Object{{"line", int64_t(Line - 1)},
                      {"character", int64_t(utf16Length(L, Bytes))}};
}

unsigned DocumentText::byteColumn(unsigned Line, int64_t Character) const {
  StringRef L = line(Line);
  size_t At = L.size();
  walkUtf16(L, [&](size_t I, unsigned Units) {
    if (int64_t(Units) >= Character) {
      At = I;
      return false;
    }
    return true;
  });
  return unsigned(At) + 1;
}

std::optional<size_t> DocumentText::offset(int64_t Line,
                                           int64_t Character) const {
  if (Line < 0 || Character < 0 || size_t(Line) >= Starts.size())
    return std::nullopt;
  return Starts[Line] + byteColumn(unsigned(Line) + 1, Character) - 1;
}

std::string pathFromUri(StringRef Uri) {
  if (!Uri.consume_front_insensitive("file://"))
    return "";
  Uri.consume_front_insensitive("localhost");
  std::string Path;
  for (size_t I = 0; I < Uri.size(); ++I) {
    unsigned V = 0;
    if (Uri[I] == '%' && I + 2 < Uri.size() &&
        !Uri.substr(I + 1, 2).getAsInteger(16, V)) {
      Path.push_back(char(V));
      I += 2;
    } else {
      Path.push_back(Uri[I]);
    }
  }
  return Path;
}

std::string uriFromPath(StringRef Path) {
  std::string Uri = "file://";
  for (unsigned char C : Path) {
    if (isAlnum(C) || StringRef("/-._~").contains(C))
      Uri.push_back(char(C));
    else
      Uri += "%" + utohexstr(C, /*LowerCase=*/false, /*Width=*/2);
  }
  return Uri;
}

/// The line and character of an LSP position object.
static std::optional<std::pair<int64_t, int64_t>>
readPosition(const json::Object *P) {
  if (!P)
    return std::nullopt;
  auto L = P->getInteger("line"), C = P->getInteger("character");
  if (!L || !C)
    return std::nullopt;
  return std::make_pair(*L, *C);
}

bool applyChange(std::string &Text, const json::Object &Change) {
  std::optional<StringRef> New = Change.getString("text");
  if (!New)
    return false;
  const json::Object *Range = Change.getObject("range");
  if (!Range) {
    Text = New->str();
    return true;
  }
  auto S = readPosition(Range->getObject("start"));
  auto E = readPosition(Range->getObject("end"));
  if (!S || !E)
    return false;
  DocumentText Doc(Text);
  // A position past the last line is the end of the text.
  auto Offset = [&](std::pair<int64_t, int64_t> P) -> std::optional<size_t> {
    if (P.first >= int64_t(Doc.lines()))
      return Text.size();
    return Doc.offset(P.first, P.second);
  };
  std::optional<size_t> B = Offset(*S), End = Offset(*E);
  if (!B || !End || *B > *End)
    return false;
  Text.replace(*B, *End - *B, New->str());
  return true;
}

json::Value findingRange(const DocumentText &Doc, const FileLocation &Loc,
                         StringRef Text) {
  StringRef L = Doc.line(Loc.Line);
  size_t B = Loc.Column ? std::min<size_t>(Loc.Column - 1, L.size()) : 0;
  size_t E = B;
  if (!Text.empty() && L.substr(B).starts_with(Text))
    E = B + Text.size();
  else
    while (E < L.size() && (isAlnum(L[E]) || L[E] == '_'))
      ++E;
  if (E == B) // not at a word: to the end of the line
    E = std::max(B, L.rtrim().size());
  return json::Object{{"start", Doc.position(Loc.Line, unsigned(B) + 1)},
                      {"end", Doc.position(Loc.Line, unsigned(E) + 1)}};
}

static int severityCode(Severity S) {
  switch (S) {
  case Severity::Error:
    return 1;
  case Severity::Warning:
    return 2;
  case Severity::Note:
    return 3;
  }
  return 2;
}

/// The range of a place in File: in the text known for it, else with its
/// byte column taken as the character.
static json::Value rangeIn(const DiagnosticContext &C, const FileLocation &Loc,
                           const std::string &DocFile) {
  const DocumentText *T =
      Loc.File == DocFile ? C.Doc : (C.TextOf ? C.TextOf(Loc.File) : nullptr);
  if (T)
    return findingRange(*T, Loc);
  json::Object P{{"line", int64_t(Loc.Line ? Loc.Line - 1 : 0)},
                 {"character", int64_t(Loc.Column ? Loc.Column - 1 : 0)}};
  return json::Object{{"start", json::Value(json::Object(P))},
                      {"end", json::Value(std::move(P))}};
}

json::Value diagnostic(const Finding &F, const DiagnosticContext &C,
                       StringRef AccessText) {
  json::Object D{{"range", findingRange(*C.Doc, F.Loc, AccessText)},
                 {"severity", severityCode(F.Level)},
                 {"code", F.Check},
                 {"source", "warplint"},
                 {"message", F.Message}};
  if (!C.DocsBase.empty())
    D["codeDescription"] =
        json::Object{{"href", C.DocsBase + "/checks/" + F.Check + ".md"}};
  json::Array Related;
  for (const FindingNote &N : F.Notes)
    Related.push_back(json::Object{
        {"location", json::Object{{"uri", uriFromPath(N.Loc.File)},
                                  {"range", rangeIn(C, N.Loc, F.Loc.File)}}},
        {"message", N.Message}});
  if (!Related.empty())
    D["relatedInformation"] = std::move(Related);
  return D;
}

/// "Padding the ..." from "padding the ...".
static std::string sentence(StringRef S) {
  std::string T = S.str();
  if (!T.empty())
    T[0] = toUpper(T[0]);
  return T;
}

/// A note that describes a change of layout the check cannot make itself
/// (a swizzle, a leading dimension): no fix-it, but words to act on.
static bool isLayoutHint(const FindingNote &N) {
  return N.FixIts.empty() &&
         (StringRef(N.Message).contains(" is conflict-free ") ||
          StringRef(N.Message).contains("spreads the tile's words"));
}

std::vector<json::Value> codeActions(const Finding &F,
                                     const json::Value &Diagnostic,
                                     StringRef Uri, const DocumentText &Doc,
                                     const DiagnosticContext &C) {
  std::vector<json::Value> Actions;
  for (const FindingNote &N : F.Notes) {
    if (isLayoutHint(N)) {
      Actions.push_back(json::Object{
          {"title", "Explain: " + N.Message},
          {"kind", "quickfix"},
          {"diagnostics", json::Array{Diagnostic}},
          {"command",
           json::Object{{"title", "Explain the layout change"},
                        {"command", "warplint.explainLayout"},
                        {"arguments", json::Array{N.Message, F.Message}}}}});
      continue;
    }
    if (N.FixIts.empty())
      continue;
    json::Object Changes;
    for (const FixIt &X : N.FixIts) {
      const DocumentText *T =
          X.Begin.File == F.Loc.File
              ? &Doc
              : (C.TextOf ? C.TextOf(X.Begin.File) : nullptr);
      if (!T)
        continue;
      std::string XUri = uriFromPath(X.Begin.File);
      if (!Changes.getArray(XUri))
        Changes[XUri] = json::Array();
      Changes.getArray(XUri)->push_back(json::Object{
          {"range",
           json::Object{{"start", T->position(X.Begin.Line, X.Begin.Column)},
                        {"end", T->position(X.End.Line, X.End.Column)}}},
          {"newText", X.Text}});
    }
    if (Changes.empty())
      continue;
    Actions.push_back(
        json::Object{{"title", sentence(N.Message)},
                     {"kind", "quickfix"},
                     {"isPreferred", true},
                     {"diagnostics", json::Array{Diagnostic}},
                     {"edit", json::Object{{"changes", std::move(Changes)}}}});
  }
  // NOLINT(check) at the end of the line, or the check added to the
  // NOLINT(...) already there; never after a macro's line continuation.
  StringRef L = Doc.line(F.Loc.Line);
  if (F.Loc.Line && !L.rtrim().ends_with("\\")) {
    size_t At = L.rtrim().size();
    std::string Insert = "  // NOLINT(" + F.Check + ")";
    size_t Open = L.find("NOLINT(");
    if (L.contains("NOLINTNEXTLINE") || L.contains("NOLINTBEGIN") ||
        L.contains("NOLINTEND"))
      Open = StringRef::npos;
    if (Open != StringRef::npos) {
      size_t Close = L.find(')', Open);
      if (Close != StringRef::npos) {
        At = Close;
        Insert = "," + F.Check;
      }
    } else if (L.contains("NOLINT")) {
      Insert.clear(); // a bare NOLINT already suppresses every check
    }
    if (!Insert.empty()) {
      json::Value Pos = Doc.position(F.Loc.Line, unsigned(At) + 1);
      Actions.push_back(json::Object{
          {"title", "Suppress " + F.Check + " on this line (NOLINT)"},
          {"kind", "quickfix"},
          {"diagnostics", json::Array{Diagnostic}},
          {"edit", json::Object{
                       {"changes",
                        json::Object{{Uri.str(),
                                      json::Array{json::Object{
                                          {"range", json::Object{{"start", Pos},
                                                                 {"end", Pos}}},
                                          {"newText", Insert}}}}}}}}});
    }
  }
  return Actions;
}

/// The worst degree of I's runs, as the hint shows it; "?" when a run has
/// none, "" when no thread executes it in any run.
static std::string worstDegree(const SharedAccessInfo &I) {
  const model::AccessResult *Worst = nullptr;
  bool Unknown = false;
  for (const SharedAccessInfo::Run &R : I.Runs) {
    if (R.Result.State == model::AccessResult::Unknown)
      Unknown = true;
    if (R.Result.State != model::AccessResult::Ok)
      continue;
    if (!Worst || R.Result.degree() > Worst->degree())
      Worst = &R.Result;
  }
  if (!I.WhyUnknown.empty() || Unknown || (I.Runs.empty() && !I.Tile.empty()))
    return "?";
  if (!Worst)
    return "";
  return model::formatDegree(Worst->Wavefronts, Worst->Phases) + "-way";
}

/// Where a hint after the text Text at Loc goes: its end when the line has
/// it there, else the end of Loc's line.
static json::Value hintPosition(const DocumentText &Doc,
                                const FileLocation &Loc, StringRef Text) {
  StringRef L = Doc.line(Loc.Line);
  size_t B = Loc.Column ? Loc.Column - 1 : 0;
  if (!Text.empty() && B <= L.size() && L.substr(B).starts_with(Text))
    return Doc.position(Loc.Line, unsigned(B + Text.size()) + 1);
  return Doc.position(Loc.Line, unsigned(L.rtrim().size()) + 1);
}

std::optional<json::Value> accessHint(const SharedAccessInfo &I,
                                      const DocumentText &Doc) {
  if (I.Loc.Line == 0 || I.Loc.Line > Doc.lines())
    return std::nullopt;
  std::string Label = worstDegree(I);
  if (Label.empty())
    return std::nullopt;
  std::string Tip;
  if (Label == "?")
    Tip = I.WhyUnknown.empty() ? "no degree: hover for the reason"
                               : "no degree: " + I.WhyUnknown;
  else
    for (const SharedAccessInfo::Run &R : I.Runs)
      if (R.Result.State == model::AccessResult::Ok)
        Tip += (Tip.empty() ? "" : "\n") +
               std::string(R.Assumed ? "assumed block " : "block ") +
               model::shapeText(R.Block) + ": " +
               model::formatDegree(R.Result.Wavefronts, R.Result.Phases) +
               "-way";
  return json::Object{{"position", hintPosition(Doc, I.Loc, I.Text)},
                      {"label", Label},
                      {"paddingLeft", true},
                      {"tooltip", Tip}};
}

std::string accessHover(const SharedAccessInfo &I,
                        ArrayRef<const Finding *> Said) {
  std::string S;
  raw_string_ostream OS(S);
  OS << "**warplint**: shared-memory " << I.Access << " of `" << I.Text << "`";
  if (I.Bytes)
    OS << " (" << I.Bytes << " bytes)";
  std::string Degree = worstDegree(I);
  if (Degree == "?")
    OS << ": no degree";
  else if (!Degree.empty())
    OS << ": **" << Degree << "**";
  OS << "\n\n";
  for (const Finding *F : Said) {
    OS << "- " << F->Message << "\n";
    for (const FindingNote &N : F->Notes)
      OS << "  - " << N.Message << "\n";
  }
  if (!Said.empty())
    OS << "\n";
  std::string Picture;
  raw_string_ostream P(Picture);
  // A hover is narrow: 81 columns, the banks 16 to a grid. The place and
  // the access are said above.
  writeExplanation(P, I, /*Color=*/false, /*Width=*/81, /*Headline=*/false);
  StringRef Body = StringRef(Picture).ltrim('\n');
  OS << "```text\n" << Body.rtrim() << "\n```\n";
  return S;
}

static std::string percentText(double F) {
  std::string S;
  raw_string_ostream OS(S);
  OS << format("%.0f%%", F * 100);
  return S;
}

std::optional<json::Value> launchHint(const LaunchInfo &L,
                                      const DocumentText &Doc) {
  if (L.Loc.Line == 0 || L.Loc.Line > Doc.lines())
    return std::nullopt;
  std::string Label, Tip;
  for (const LaunchInfo::Arch &A : L.Archs) {
    std::string One = A.Error.empty() ? percentText(A.Occupancy) : "cannot run";
    Label += (Label.empty() ? "" : ", ") +
             (L.Archs.size() > 1 ? A.Name + " " : std::string()) + One;
    Tip +=
        (Tip.empty() ? "" : "\n") + A.Name + ": " +
        (A.Error.empty() ? std::to_string(A.ActiveBlocks) + " blocks per SM, " +
                               std::to_string(A.ActiveWarps) + " of " +
                               std::to_string(A.MaxWarps) +
                               " warps, limited by " + A.Limiter
                         : A.Error);
  }
  if (L.Archs.empty()) {
    Label = "occupancy ?";
    Tip = L.WhyNoOccupancy;
  } else {
    Label += " occupancy";
  }
  return json::Object{
      {"position",
       Doc.position(L.Loc.Line,
                    unsigned(Doc.line(L.Loc.Line).rtrim().size()) + 1)},
      {"label", Label},
      {"paddingLeft", true},
      {"tooltip", Tip}};
}

std::string launchHover(const LaunchInfo &L) {
  std::string S;
  raw_string_ostream OS(S);
  OS << "**warplint**: " << L.What;
  if (!L.Block.empty())
    OS << " with blocks of " << L.Block;
  if (L.Threads && L.Block != std::to_string(L.Threads))
    OS << " (" << L.Threads << " threads)";
  if (L.DynamicSmem)
    OS << " and " << L.DynamicSmem << " bytes of dynamic shared memory";
  OS << "\n\n";
  if (L.Archs.empty()) {
    OS << "Occupancy not known: " << L.WhyNoOccupancy;
    if (StringRef(L.WhyNoOccupancy).contains("ptxas"))
      OS << " (with a CUDA toolkit, `warplint lsp` runs ptxas when the file "
            "is opened and saved; or set `PtxasReport` in `.warplint.yaml`)";
    OS << ".\n";
    return S;
  }
  OS << "| arch | registers | static shared | blocks/SM | warps/SM | "
        "occupancy | limited by |\n|---|---|---|---|---|---|---|\n";
  for (const LaunchInfo::Arch &A : L.Archs) {
    OS << "| " << A.Name << " | " << A.Registers << " | " << A.StaticSmem
       << " B | ";
    if (!A.Error.empty()) {
      OS << "0 | 0 | 0% | cannot run: " << A.Error << " |\n";
      continue;
    }
    OS << A.ActiveBlocks << " | " << A.ActiveWarps << " of " << A.MaxWarps
       << " | " << percentText(A.Occupancy) << " | " << A.Limiter << " |\n";
  }
  for (const LaunchInfo::Arch &A : L.Archs)
    if (!A.NextStep.empty())
      OS << "\n" << A.Name << ": " << A.NextStep << "\n";
  return S;
}

} // namespace warplint::lsp
