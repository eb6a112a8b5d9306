//===-- Output.cpp - Text, JSON and SARIF renderings of findings ----------===//
#include "warplint/Output/Output.h"
#include "warplint/Core/Checks.h"
#include "warplint/Core/Nolint.h"
#include "warplint/Core/SourceText.h"
#include "warplint/Core/Version.h"
#include "warplint/Output/CheckDocs.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;

namespace warplint {

//===----------------------------------------------------------------------===//
// Text
//===----------------------------------------------------------------------===//

/// The source line under a finding and its caret. A line is one line of the
/// file (or the window of a long one the finding kept, "..." marking where
/// it was cut); the caret goes under the character at byte column Col of
/// the file's line, counted in display columns as clang does, so that it
/// stays under the right character after multi-byte or wide ones.
static void writeCaret(raw_ostream &OS, const Finding &F, bool Color) {
  StringRef Text = F.SourceLine;
  size_t Begin = F.SourceLineBegin;
  bool Cut = F.SourceLineCut;
  size_t Caret = F.Loc.Column > Begin ? F.Loc.Column - 1 - Begin : 0;
  // A finding made elsewhere may hold a long line whole: cut it here too.
  LineWindow W = snippetWindow(Text, Caret);
  if (W.Begin > 0 || W.End < Text.size()) {
    Begin += W.Begin;
    Cut = Cut || W.End < Text.size();
    Caret -= std::min(Caret, W.Begin);
    Text = Text.slice(W.Begin, W.End);
  }
  Caret = std::min(Caret, Text.size());
  const StringRef Ellipsis = "...";
  OS << (Begin ? Ellipsis : "") << Text << (Cut ? Ellipsis : "") << "\n";
  std::string Pad(Begin ? Ellipsis.size() : 0, ' ');
  StringRef Before = Text.take_front(Caret);
  for (size_t I = 0; I < Before.size();) {
    // One character at a time: a tab stays a tab, as in the line above.
    size_t Len = 1;
    while (I + Len < Before.size() && (uint8_t(Before[I + Len]) & 0xC0) == 0x80)
      ++Len;
    if (Before[I] == '\t')
      Pad += '\t';
    else
      Pad.append(displayWidth(Before.substr(I, Len)), ' ');
    I += Len;
  }
  OS << Pad;
  if (Color)
    OS.changeColor(raw_ostream::GREEN, /*Bold=*/true);
  OS << "^";
  if (Color)
    OS.resetColor();
  OS << "\n";
}

static void writeHeader(raw_ostream &OS, const FileLocation &L, Severity S,
                        StringRef Msg, StringRef Check, bool Color) {
  if (Color)
    OS.changeColor(raw_ostream::SAVEDCOLOR, /*Bold=*/true);
  OS << L.File << ":" << L.Line << ":" << L.Column << ": ";
  if (Color)
    OS.changeColor(S == Severity::Error     ? raw_ostream::RED
                   : S == Severity::Warning ? raw_ostream::MAGENTA
                                            : raw_ostream::BLACK,
                   /*Bold=*/true);
  OS << severityName(S) << ": ";
  if (Color)
    OS.changeColor(raw_ostream::SAVEDCOLOR, /*Bold=*/true);
  OS << Msg;
  if (!Check.empty())
    OS << " [" << Check << "]";
  if (Color)
    OS.resetColor();
  OS << "\n";
}

void writeText(raw_ostream &OS, const std::vector<Finding> &Findings,
               bool Color) {
  for (const Finding &F : Findings) {
    writeHeader(OS, F.Loc, F.Level, F.Message, F.Check, Color);
    if (!F.SourceLine.empty())
      writeCaret(OS, F, Color);
    for (const FindingNote &N : F.Notes)
      writeHeader(OS, N.Loc, Severity::Note, N.Message, "", Color);
  }
}

//===----------------------------------------------------------------------===//
// JSON
//===----------------------------------------------------------------------===//

static json::Array notesJson(const Finding &F) {
  json::Array Notes;
  for (const FindingNote &N : F.Notes) {
    json::Object O{{"file", N.Loc.File},
                   {"line", N.Loc.Line},
                   {"column", N.Loc.Column},
                   {"message", N.Message}};
    if (!N.FixIts.empty()) {
      json::Array Fixes;
      for (const FixIt &X : N.FixIts)
        Fixes.push_back(json::Object{{"file", X.Begin.File},
                                     {"line", X.Begin.Line},
                                     {"column", X.Begin.Column},
                                     {"endLine", X.End.Line},
                                     {"endColumn", X.End.Column},
                                     {"replacement", X.Text}});
      O["fixIts"] = std::move(Fixes);
    }
    Notes.push_back(std::move(O));
  }
  return Notes;
}

//===----------------------------------------------------------------------===//
// The run's summary
//===----------------------------------------------------------------------===//

void RunSummary::count(const Finding &F) {
  if (F.Level == Severity::Error)
    ++Errors;
  else if (F.Level == Severity::Warning)
    ++Warnings;
}

std::string RunSummary::text() const {
  auto N = [](unsigned K, StringRef One, StringRef Many) {
    return std::to_string(K) + " " + (K == 1 ? One : Many).str();
  };
  return N(Warnings, "warning", "warnings") + " and " +
         N(Errors, "error", "errors") + " in " +
         std::to_string(FilesWithFindings) + " of " +
         N(Files, "file", "files") + "; " + N(Accesses, "access", "accesses") +
         " analysed, " + std::to_string(Unknown) + " unknown";
}

static json::Object summaryJson(const RunSummary &S) {
  return json::Object{{"warnings", S.Warnings},
                      {"errors", S.Errors},
                      {"filesWithFindings", S.FilesWithFindings},
                      {"files", S.Files},
                      {"accessesAnalysed", S.Accesses},
                      {"accessesUnknown", S.Unknown},
                      {"text", S.text()}};
}

void writeJson(raw_ostream &OS, const std::vector<Finding> &Findings,
               const RunSummary *Summary) {
  json::Array Arr;
  for (const Finding &F : Findings)
    Arr.push_back(json::Object{
        {"check", F.Check},
        {"severity", severityName(F.Level)},
        {"file", F.Loc.File},
        {"line", F.Loc.Line},
        {"column", F.Loc.Column},
        {"message", F.Message},
        {"properties", json::Object(F.Properties)},
        {"notes", notesJson(F)},
    });
  json::Object Root{{"version", warplintVersion()},
                    {"findings", std::move(Arr)}};
  if (Summary)
    Root["summary"] = summaryJson(*Summary);
  OS << formatv("{0:2}", json::Value(std::move(Root))) << "\n";
}

//===----------------------------------------------------------------------===//
// GitHub Actions
//===----------------------------------------------------------------------===//

// The escaping of @actions/core (toolkit/packages/core/src/command.ts).
std::string githubEscapeData(StringRef S) {
  std::string Out;
  for (char C : S) {
    if (C == '%')
      Out += "%25";
    else if (C == '\r')
      Out += "%0D";
    else if (C == '\n')
      Out += "%0A";
    else
      Out += C;
  }
  return Out;
}

std::string githubEscapeProperty(StringRef S) {
  std::string Out;
  for (char C : githubEscapeData(S)) {
    if (C == ':')
      Out += "%3A";
    else if (C == ',')
      Out += "%2C";
    else
      Out += C;
  }
  return Out;
}

/// File relative to BaseDir when under it (annotations and SARIF name files
/// relative to the repository root), else std::nullopt.
static std::optional<StringRef> relativeToBase(StringRef File,
                                               StringRef BaseDir) {
  StringRef Rel = File;
  if (!BaseDir.empty() && Rel.consume_front(BaseDir) &&
      (BaseDir.ends_with("/") || Rel.consume_front("/")))
    return Rel;
  return std::nullopt;
}

static std::string underBase(StringRef File, StringRef BaseDir) {
  return relativeToBase(File, BaseDir).value_or(File).str();
}

void writeGithub(raw_ostream &OS, const std::vector<Finding> &Findings,
                 StringRef BaseDir) {
  for (const Finding &F : Findings) {
    std::string Msg = F.Message;
    for (const FindingNote &N : F.Notes)
      Msg += "\nnote: " + underBase(N.Loc.File, BaseDir) + ":" +
             std::to_string(N.Loc.Line) + ":" + std::to_string(N.Loc.Column) +
             ": " + N.Message;
    OS << "::" << (F.Level == Severity::Error ? "error" : "warning")
       << " file=" << githubEscapeProperty(underBase(F.Loc.File, BaseDir))
       << ",line=" << F.Loc.Line;
    if (F.Loc.Column)
      OS << ",col=" << F.Loc.Column;
    OS << ",title=" << githubEscapeProperty(F.Check)
       << "::" << githubEscapeData(Msg) << "\n";
  }
}

//===----------------------------------------------------------------------===//
// SARIF 2.1.0
//===----------------------------------------------------------------------===//

std::string fileUri(StringRef AbsPath) {
  std::string Out = "file://";
  for (unsigned char C : AbsPath) {
    if (isAlnum(C) || StringRef("/-._~").contains(C))
      Out += C;
    else
      Out += "%" + utohexstr(C, /*LowerCase=*/false, /*Width=*/2);
  }
  return Out;
}

static std::string relativeUri(StringRef Rel) {
  std::string U = fileUri(Rel);
  return U.substr(strlen("file://"));
}

static json::Object artifactLocation(StringRef File, StringRef BaseDir) {
  if (std::optional<StringRef> Rel = relativeToBase(File, BaseDir))
    return json::Object{{"uri", relativeUri(*Rel)}, {"uriBaseId", "%SRCROOT%"}};
  return json::Object{{"uri", fileUri(File)}};
}

/// A column as the run's columnKind ("unicodeCodePoints") counts it.
static unsigned sarifColumn(const FileLocation &L) {
  return L.CharColumn ? L.CharColumn : L.Column;
}

static json::Object physicalLocation(const FileLocation &L, StringRef Base) {
  json::Object Region{{"startLine", std::max(1u, L.Line)}};
  if (L.Column)
    Region["startColumn"] = sarifColumn(L);
  return json::Object{{"artifactLocation", artifactLocation(L.File, Base)},
                      {"region", std::move(Region)}};
}

static StringRef sarifLevel(Severity S) {
  return S == Severity::Error     ? "error"
         : S == Severity::Warning ? "warning"
                                  : "note";
}

/// A rule of tool.driver.rules: Doc, the check's page (Markdown), is its
/// full help; HelpUri, where that page is, when known.
static json::Object sarifRule(StringRef Name, StringRef Description,
                              StringRef Level, StringRef Doc,
                              const std::string &HelpUri) {
  // The page once, as Markdown (what code-scanning services show); the
  // plain text, which SARIF requires, says what the check does and where
  // the page is, not the page again.
  std::string Text = Description.str();
  if (!Doc.empty())
    Text += ". The check's documentation is in help.markdown" +
            (HelpUri.empty() ? std::string() : " and at " + HelpUri) + ".";
  json::Object Help{{"text", std::move(Text)}};
  if (!Doc.empty())
    Help["markdown"] = Doc.str();
  json::Object Rule{
      {"id", Name},
      {"name", Name},
      {"shortDescription", json::Object{{"text", Description}}},
      {"fullDescription", json::Object{{"text", Description}}},
      {"defaultConfiguration", json::Object{{"level", Level}}},
      {"help", std::move(Help)},
  };
  if (!HelpUri.empty())
    Rule["helpUri"] = HelpUri;
  return Rule;
}

/// A result's suppressions and baselineState, where it has them.
static void addSuppression(json::Object &R, const Finding &F) {
  if (F.ComparedToBaseline)
    R["baselineState"] =
        F.Suppressed == Finding::Suppression::External ? "unchanged" : "new";
  if (F.Suppressed == Finding::Suppression::None)
    return;
  json::Object S{{"kind", F.Suppressed == Finding::Suppression::InSource
                              ? "inSource"
                              : "external"},
                 {"status", "accepted"}};
  if (!F.Justification.empty())
    S["justification"] = F.Justification;
  R["suppressions"] = json::Array{std::move(S)};
}

void writeSarif(raw_ostream &OS, const std::vector<Finding> &Findings,
                StringRef BaseDir, const RunSummary *Summary,
                StringRef DocsBase) {
  auto Uri = [&](StringRef Page) {
    return DocsBase.empty() ? std::string() : (DocsBase + "/" + Page).str();
  };
  json::Array Rules;
  for (const CheckInfo &C : allChecks())
    Rules.push_back(sarifRule(C.Name, C.Description, C.DefaultLevel,
                              checkDoc(C.Name),
                              Uri(("checks/" + C.Name + ".md").str())));
  // Not a check of Checks.def, but results carry it as their ruleId.
  const int NolintRuleIndex = Rules.size();
  Rules.push_back(sarifRule(
      NolintCheckName, "NOLINTBEGIN and NOLINTEND comments that do not pair up",
      "warning",
      "A NOLINTBEGIN comment needs a NOLINTEND after it in the same file, "
      "and a NOLINTEND a NOLINTBEGIN before it: see the user guide, "
      "\"Suppressing findings\".",
      Uri("user-guide.md")));

  json::Array Results;
  for (const Finding &F : Findings) {
    int RuleIndex = F.Check == NolintCheckName ? NolintRuleIndex : -1;
    for (const CheckInfo &C : allChecks())
      if (C.Name == F.Check)
        RuleIndex = &C - allChecks().begin();
    json::Object R{
        {"ruleId", F.Check},
        {"level", sarifLevel(F.Level)},
        {"message", json::Object{{"text", F.Message}}},
        {"locations",
         json::Array{json::Object{
             {"physicalLocation", physicalLocation(F.Loc, BaseDir)}}}},
        {"properties", json::Object(F.Properties)},
    };
    if (RuleIndex >= 0)
      R["ruleIndex"] = RuleIndex;
    addSuppression(R, F);
    if (!F.Notes.empty()) {
      json::Array Related;
      for (const FindingNote &N : F.Notes)
        Related.push_back(json::Object{
            {"id", (int64_t)Related.size()},
            {"message", json::Object{{"text", N.Message}}},
            {"physicalLocation", physicalLocation(N.Loc, BaseDir)}});
      R["relatedLocations"] = std::move(Related);
    }
    // A note's fix-it (padding an array, say) is the result's fix.
    json::Array Fixes;
    for (const FindingNote &N : F.Notes)
      for (const FixIt &X : N.FixIts)
        Fixes.push_back(json::Object{
            {"description", json::Object{{"text", N.Message}}},
            {"artifactChanges",
             json::Array{json::Object{
                 {"artifactLocation", artifactLocation(X.Begin.File, BaseDir)},
                 {"replacements",
                  json::Array{json::Object{
                      {"deletedRegion",
                       json::Object{{"startLine", X.Begin.Line},
                                    {"startColumn", sarifColumn(X.Begin)},
                                    {"endLine", X.End.Line},
                                    {"endColumn", sarifColumn(X.End)}}},
                      {"insertedContent",
                       json::Object{{"text", X.Text}}}}}}}}}});
    if (!Fixes.empty())
      R["fixes"] = std::move(Fixes);
    Results.push_back(std::move(R));
  }

  json::Object Run{
      {"tool",
       json::Object{
           {"driver", json::Object{{"name", "warplint"},
                                   {"version", warplintVersion()},
                                   {"semanticVersion", warplintVersion()},
                                   {"rules", std::move(Rules)}}}}},
      {"results", std::move(Results)},
      // Columns count characters (code points), not bytes, as clang's own
      // SARIF does; said, not left to a reader's default.
      {"columnKind", "unicodeCodePoints"},
  };
  // A property bag, free-form in SARIF: the counts and the summary line.
  if (Summary)
    Run["properties"] = json::Object{{"summary", summaryJson(*Summary)}};
  if (!BaseDir.empty()) {
    std::string Base = BaseDir.str();
    if (!StringRef(Base).ends_with("/"))
      Base += "/";
    Run["originalUriBaseIds"] =
        json::Object{{"%SRCROOT%", json::Object{{"uri", fileUri(Base)}}}};
  }
  json::Object Root{
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs", json::Array{std::move(Run)}},
  };
  OS << formatv("{0:2}", json::Value(std::move(Root))) << "\n";
}

} // namespace warplint
