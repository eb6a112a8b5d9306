//===-- Server.cpp - `warplint lsp`, the language server ------------------===//
//
// Two threads: this one reads the client's messages and answers requests
// from the last analysis of each document; a worker analyses the documents
// whose text changed, one at a time, the newest text of each, after
// DebounceMs without an edit. An analysis whose document changed while it
// ran is dropped (superseded): the change has scheduled a new one.
//
//===----------------------------------------------------------------------===//
#include "warplint/Lsp/Server.h"
#include "warplint/Core/Version.h"
#include "warplint/Lsp/Protocol.h"
#include "warplint/Pipeline/Inputs.h"
#include "warplint/Pipeline/Preambles.h"
#include "warplint/Pipeline/Reporting.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <thread>

using namespace llvm;
using namespace clang::tooling;

namespace warplint::lsp {

namespace {

using Clock = std::chrono::steady_clock;

/// What one analysis of a document gave, in the text it analysed.
struct Analysed {
  int64_t Version = 0;
  DocumentText Text;
  std::vector<Finding> Findings;        ///< reported, in this document
  std::vector<json::Value> Diagnostics; ///< one per finding, same order
  std::vector<SharedAccessInfo> Accesses;
  std::vector<LaunchInfo> Launches;
};

struct Document {
  std::string Path;
  std::string Text;
  int64_t Version = 0;
  /// Bumped at every change: an analysis of an older generation is stale.
  uint64_t Generation = 0;
  /// Make the ptxas reports in the next analysis (opened, saved).
  bool WantPtxas = true;
  /// The ptxas reports of the last analysis that made them, for the
  /// analyses of edits in between.
  std::vector<std::pair<std::string, std::string>> Ptxas;
  std::shared_ptr<const Analysed> Last;
};

/// What the worker takes from a document to analyse it.
struct Snapshot {
  std::string Uri, Path, Text;
  int64_t Version = 0;
  uint64_t Generation = 0;
  bool WantPtxas = false;
  std::vector<std::pair<std::string, std::string>> Ptxas;
  std::map<std::string, std::string> Overlay;
};

bool isHeader(StringRef Path) {
  StringRef Ext = sys::path::extension(Path);
  return Ext == ".cuh" || Ext == ".h" || Ext == ".hpp" || Ext == ".hh" ||
         Ext == ".inl";
}

class Server {
public:
  Server(Transport &T, ServerOptions O) : T(T), Opts(std::move(O)) {
    if (Opts.Preambles)
      Opts.Setup.Preambles = std::make_shared<PreambleStore>();
  }

  int run() {
    std::thread Worker([this] { work(); });
    // The end of the input without "exit" ends the server too: 0 after
    // a shutdown request, as for "exit".
    while (std::optional<Incoming> In = T.read()) {
      if (!In->Json) {
        T.replyError(nullptr, ParseError, In->Problem);
        continue;
      }
      if (handle(*In->Json))
        break;
    }
    int Status = ShutDown ? 0 : 1;
    {
      std::lock_guard<std::mutex> L(M);
      Stop = true;
    }
    Wake.notify_all();
    Worker.join();
    return Status;
  }

private:
  Transport &T;
  ServerOptions Opts;
  bool Initialized = false, ShutDown = false;
  /// The client takes inlayHint/refresh: set by initialize (this thread),
  /// read by the worker.
  std::atomic<bool> RefreshHints{false};
  int64_t NextRequest = 0;

  std::mutex M;
  std::condition_variable Wake;
  bool Stop = false;
  std::map<std::string, Document> Docs;         ///< by URI
  std::map<std::string, Clock::time_point> Due; ///< analyses to run

  void log(int Type, const Twine &Message) {
    T.notify("window/logMessage",
             json::Object{{"type", Type}, {"message", Message.str()}});
  }

  /// Handles one message; true at "exit".
  bool handle(const json::Value &Msg) {
    const json::Object *O = Msg.getAsObject();
    if (!O) {
      T.replyError(nullptr, InvalidRequest, "a message must be an object");
      return false;
    }
    std::optional<StringRef> Method = O->getString("method");
    const json::Value *Id = O->get("id");
    if (!Method) // the answer to a request of ours: nothing to do
      return false;
    const json::Value *Params = O->get("params");
    if (!Id) {
      if (*Method == "exit")
        return true;
      notification(*Method, Params ? Params->getAsObject() : nullptr);
      return false;
    }
    request(*Method, *Id, Params ? Params->getAsObject() : nullptr);
    return false;
  }

  void request(StringRef Method, const json::Value &Id,
               const json::Object *Params) {
    if (Method == "initialize") {
      initialize(Id, Params);
      return;
    }
    if (!Initialized) {
      T.replyError(Id, ServerNotInitialized, "initialize first");
      return;
    }
    if (ShutDown) {
      T.replyError(Id, InvalidRequest, "the server is shutting down");
      return;
    }
    if (Method == "shutdown") {
      ShutDown = true;
      T.reply(Id, nullptr);
      return;
    }
    if (!Params) {
      T.replyError(Id, InvalidParams, Method.str() + " needs params");
      return;
    }
    if (Method == "textDocument/hover")
      T.reply(Id, hover(*Params));
    else if (Method == "textDocument/inlayHint")
      T.reply(Id, inlayHints(*Params));
    else if (Method == "textDocument/codeAction")
      T.reply(Id, codeActionsFor(*Params));
    else if (Method == "workspace/executeCommand")
      T.reply(Id, executeCommand(*Params));
    else
      T.replyError(Id, MethodNotFound, "no method " + Method.str());
  }

  void initialize(const json::Value &Id, const json::Object *Params) {
    Initialized = true;
    if (Params)
      if (const json::Object *Caps = Params->getObject("capabilities"))
        if (const json::Object *W = Caps->getObject("workspace"))
          if (const json::Object *H = W->getObject("inlayHint"))
            RefreshHints = H->getBoolean("refreshSupport").value_or(false);
    json::Object Caps{
        {"textDocumentSync",
         json::Object{{"openClose", true},
                      {"change", 2}, // incremental
                      {"save", json::Object{{"includeText", false}}}}},
        {"hoverProvider", true},
        {"codeActionProvider",
         json::Object{{"codeActionKinds", json::Array{"quickfix"}}}},
        {"inlayHintProvider", true},
        {"executeCommandProvider",
         json::Object{{"commands", json::Array{"warplint.explainLayout"}}}}};
    T.reply(Id, json::Object{{"capabilities", std::move(Caps)},
                             {"serverInfo",
                              json::Object{{"name", "warplint"},
                                           {"version", warplintVersion()}}}});
  }

  /// The document a request's params name (textDocument.uri), with its last
  /// analysis; null when it is not open or not yet analysed.
  std::shared_ptr<const Analysed> lastOf(const json::Object &Params,
                                         std::string *Path = nullptr,
                                         std::string *Uri = nullptr) {
    const json::Object *TD = Params.getObject("textDocument");
    std::optional<StringRef> U = TD ? TD->getString("uri") : std::nullopt;
    if (!U)
      return nullptr;
    std::lock_guard<std::mutex> L(M);
    auto It = Docs.find(U->str());
    if (It == Docs.end())
      return nullptr;
    if (Path)
      *Path = It->second.Path;
    if (Uri)
      *Uri = U->str();
    return It->second.Last;
  }

  void notification(StringRef Method, const json::Object *Params) {
    if (!Initialized || !Params)
      return;
    const json::Object *TD = Params->getObject("textDocument");
    std::optional<StringRef> Uri = TD ? TD->getString("uri") : std::nullopt;
    if (!Uri)
      return;
    if (Method == "textDocument/didOpen")
      didOpen(Uri->str(), *TD);
    else if (Method == "textDocument/didChange")
      didChange(Uri->str(), *TD, Params->getArray("contentChanges"));
    else if (Method == "textDocument/didSave")
      didSave(Uri->str());
    else if (Method == "textDocument/didClose")
      didClose(Uri->str());
  }

  void didOpen(const std::string &Uri, const json::Object &TD) {
    std::string Path = pathFromUri(Uri);
    if (Path.empty()) {
      log(2, "warplint: not a file: " + Uri + "; not analysed");
      return;
    }
    std::lock_guard<std::mutex> L(M);
    Document &D = Docs[Uri];
    D.Path = Path;
    D.Text = TD.getString("text").value_or("").str();
    D.Version = TD.getInteger("version").value_or(0);
    ++D.Generation;
    D.WantPtxas = true;
    Due[Uri] = Clock::now();
    Wake.notify_all();
  }

  void didChange(const std::string &Uri, const json::Object &TD,
                 const json::Array *Changes) {
    std::lock_guard<std::mutex> L(M);
    auto It = Docs.find(Uri);
    if (It == Docs.end() || !Changes)
      return;
    Document &D = It->second;
    for (const json::Value &C : *Changes) {
      const json::Object *CO = C.getAsObject();
      if (!CO || !applyChange(D.Text, *CO)) {
        log(1, "warplint: a change to " + Uri +
                   " could not be applied; the document is out of step: "
                   "close and open it again");
        break;
      }
    }
    D.Version = TD.getInteger("version").value_or(D.Version + 1);
    ++D.Generation;
    auto When = Clock::now() + std::chrono::milliseconds(Opts.DebounceMs);
    Due[Uri] = When;
    // A header's edit changes what the files that include it say, and
    // their preambles (the unsaved text may keep the header's size).
    if (isHeader(D.Path) && Opts.Setup.Preambles)
      Opts.Setup.Preambles->forget();
    if (isHeader(D.Path))
      for (auto &[OtherUri, Other] : Docs)
        if (OtherUri != Uri) {
          ++Other.Generation;
          Due[OtherUri] = When;
        }
    Wake.notify_all();
  }

  void didSave(const std::string &Uri) {
    std::lock_guard<std::mutex> L(M);
    auto It = Docs.find(Uri);
    if (It == Docs.end())
      return;
    // The text on disk is the buffer's now: the ptxas reports (made from
    // the file on disk) are up to date again. The other open files may
    // include this one; a header that was missing may be there now.
    if (Opts.Setup.Preambles)
      Opts.Setup.Preambles->forget();
    for (auto &[U, D] : Docs) {
      ++D.Generation;
      if (U == Uri)
        D.WantPtxas = true;
      Due[U] = Clock::now();
    }
    Wake.notify_all();
  }

  void didClose(const std::string &Uri) {
    {
      std::lock_guard<std::mutex> L(M);
      auto It = Docs.find(Uri);
      if (It != Docs.end() && Opts.Setup.Preambles)
        Opts.Setup.Preambles->forget(It->second.Path);
      Docs.erase(Uri);
      Due.erase(Uri);
    }
    T.notify("textDocument/publishDiagnostics",
             json::Object{{"uri", Uri}, {"diagnostics", json::Array()}});
  }

  /// The worker: analyses each document when it is due.
  void work() {
    std::unique_lock<std::mutex> L(M);
    while (!Stop) {
      if (Due.empty()) {
        Wake.wait(L);
        continue;
      }
      auto Next = std::min_element(
          Due.begin(), Due.end(),
          [](const auto &A, const auto &B) { return A.second < B.second; });
      if (Next->second > Clock::now()) {
        Wake.wait_until(L, Next->second);
        continue;
      }
      std::string Uri = Next->first;
      Due.erase(Next);
      auto It = Docs.find(Uri);
      if (It == Docs.end())
        continue;
      Snapshot S = snapshot(Uri, It->second);
      L.unlock();
      std::shared_ptr<Analysed> A = analyse(S);
      L.lock();
      It = Docs.find(Uri);
      if (It == Docs.end() || It->second.Generation != S.Generation || !A)
        continue; // superseded: the change scheduled another analysis
      if (S.WantPtxas)
        It->second.WantPtxas = false;
      It->second.Last = A;
      json::Array Diags;
      for (const json::Value &D : A->Diagnostics)
        Diags.push_back(D);
      T.notify("textDocument/publishDiagnostics",
               json::Object{{"uri", Uri},
                            {"version", A->Version},
                            {"diagnostics", std::move(Diags)}});
      if (RefreshHints)
        T.request("warplint-refresh-" + std::to_string(++NextRequest),
                  "workspace/inlayHint/refresh", nullptr);
    }
  }

  Snapshot snapshot(const std::string &Uri, const Document &D) {
    Snapshot S{Uri,          D.Path,      D.Text,  D.Version,
               D.Generation, D.WantPtxas, D.Ptxas, {}};
    for (const auto &[U, Other] : Docs)
      S.Overlay[Other.Path] = Other.Text;
    return S;
  }

  std::unique_ptr<CompilationDatabase> database(const std::string &Path,
                                                std::string &Problem) {
    std::vector<std::string> Files{Path};
    auto DB =
        chooseCompilationDatabase(Opts.CompileCommandsDir, nullptr, Files);
    if (!DB) {
      Problem = toString(DB.takeError());
      return nullptr;
    }
    // A header, or a file the build does not compile yet, gets the command
    // of the nearest file it has (as clangd does).
    return inferMissingCompileCommands(std::move(*DB));
  }

  /// Analyses S as the tool would the file alone; null when the analysis
  /// could not start (the reason is logged).
  std::shared_ptr<Analysed> analyse(const Snapshot &S) {
    std::vector<std::string> Ignored;
    auto Set = Settings::create(Opts.Args);
    if (!Set) {
      log(1, "warplint: " + toString(Set.takeError()));
      return nullptr;
    }
    auto FS = Set->forFile(S.Path, &Ignored);
    if (!FS) {
      log(1, "warplint: " + toString(FS.takeError()));
      return nullptr;
    }
    for (const std::string &W : Ignored)
      log(2, "warplint: " + W);
    for (const std::string &W : FS->ConfigWarnings)
      log(2, "warplint: " + W);
    std::string Problem;
    std::unique_ptr<CompilationDatabase> DB = database(S.Path, Problem);
    if (!DB) {
      log(1, "warplint: " + Problem);
      return nullptr;
    }
    RunSetup Setup = Opts.Setup;
    Setup.DescribeAccesses = true;
    Setup.DescribeLaunches = true;
    Setup.Jobs = 1;
    Setup.Overlay = S.Overlay;
    bool MakePtxas = S.WantPtxas && !Setup.PtxasPath.empty() &&
                     FS->Opts.PtxasReports.empty() && !isHeader(S.Path);
    if (!MakePtxas) {
      Setup.PtxasPath.clear();
      if (FS->Opts.PtxasReports.empty())
        FS->Opts.PtxasReports = S.Ptxas;
    }
    std::vector<FileResult> Files(1);
    Files[0].File = S.Path;
    Files[0].Settings = std::move(*FS);
    analyseFiles(*DB, Files, Setup);
    FileResult &R = Files[0];
    std::string Said;
    raw_string_ostream OS(Said);
    describeProblems(OS, R, /*Verbose=*/false, Opts.Args.NoConfig);
    if (!Said.empty())
      log(R.Fatal.empty() && R.Crashed.empty() ? 3 : 1,
          StringRef(Said).rtrim());
    if (MakePtxas)
      keepPtxas(S.Uri, R);
    return results(S, R, Set->baselines());
  }

  /// The ptxas reports --run-ptxas added for the document, for the
  /// analyses of its edits until the next save.
  void keepPtxas(const std::string &Uri, const FileResult &R) {
    std::vector<std::pair<std::string, std::string>> Made;
    for (const auto &Rep : R.Settings.Opts.PtxasReports)
      if (StringRef(Rep.first).starts_with("ptxas -v ("))
        Made.push_back(Rep);
    std::lock_guard<std::mutex> L(M);
    auto It = Docs.find(Uri);
    if (It != Docs.end())
      It->second.Ptxas = std::move(Made);
  }

  std::shared_ptr<Analysed> results(const Snapshot &S, FileResult &R,
                                    std::map<std::string, Baseline> &Bases) {
    auto A = std::make_shared<Analysed>();
    A->Version = S.Version;
    A->Text = DocumentText(S.Text);
    FindingReport Report;
    if (R.Crashed.empty() && R.Fatal.empty())
      for (Finding &F : R.Findings)
        if (F.Loc.File == S.Path)
          Report.add(std::move(F), R.Settings);
    A->Findings = Report.finish(Bases).Reported;
    for (SharedAccessInfo &I : R.Accesses)
      if (I.Loc.File == S.Path)
        A->Accesses.push_back(std::move(I));
    for (LaunchInfo &L : R.LaunchInfos)
      if (L.Loc.File == S.Path)
        A->Launches.push_back(std::move(L));
    TextCache Texts;
    DiagnosticContext C = context(A->Text, Texts);
    for (const Finding &F : A->Findings)
      A->Diagnostics.push_back(diagnostic(F, C, accessTextAt(*A, F.Loc)));
    std::string Why =
        !R.Crashed.empty()
            ? "the analysis crashed (" + R.Crashed + "); the server goes on"
            : R.Fatal;
    if (!Why.empty())
      A->Diagnostics.push_back(json::Object{
          {"range", findingRange(A->Text, FileLocation{S.Path, 1, 1})},
          {"severity", 3},
          {"source", "warplint"},
          {"message", "warplint could not analyse this file: " + Why}});
    return A;
  }

  /// The text of the access at Loc, for a finding's range.
  static StringRef accessTextAt(const Analysed &A, const FileLocation &Loc) {
    for (const SharedAccessInfo &I : A.Accesses)
      if (I.Loc == Loc)
        return I.Text;
    return "";
  }

  /// Other files' text, for the notes and fix-its in them: an open
  /// document's, else the file's, read once per use of Texts.
  using TextCache = std::map<std::string, std::unique_ptr<DocumentText>>;
  DiagnosticContext context(const DocumentText &Doc, TextCache &Texts) {
    DiagnosticContext C;
    C.Doc = &Doc;
    C.DocsBase = Opts.DocsBase;
    C.TextOf = [this, &Texts](StringRef File) -> const DocumentText * {
      auto It = Texts.find(File.str());
      if (It != Texts.end())
        return It->second.get();
      std::unique_ptr<DocumentText> T;
      {
        std::lock_guard<std::mutex> L(M);
        for (const auto &[U, D] : Docs)
          if (D.Path == File)
            T = std::make_unique<DocumentText>(D.Text);
      }
      if (!T)
        if (auto Buf = MemoryBuffer::getFile(File))
          T = std::make_unique<DocumentText>((*Buf)->getBuffer().str());
      return (Texts[File.str()] = std::move(T)).get();
    };
    return C;
  }

  /// The position of a request's params in A's text: (line, byte column),
  /// both from 1.
  static std::optional<std::pair<unsigned, unsigned>>
  place(const Analysed &A, const json::Object &Params) {
    const json::Object *P = Params.getObject("position");
    auto L = P ? P->getInteger("line") : std::nullopt;
    auto C = P ? P->getInteger("character") : std::nullopt;
    if (!L || !C || *L < 0 || *L >= int64_t(A.Text.lines()))
      return std::nullopt;
    return std::make_pair(unsigned(*L) + 1, A.Text.byteColumn(*L + 1, *C));
  }

  json::Value hover(const json::Object &Params) {
    std::shared_ptr<const Analysed> A = lastOf(Params);
    if (!A)
      return nullptr;
    auto At = place(*A, Params);
    if (!At)
      return nullptr;
    auto [Line, Col] = *At;
    // The innermost access that covers the position.
    const SharedAccessInfo *Best = nullptr;
    for (const SharedAccessInfo &I : A->Accesses) {
      bool Covers = I.Loc.Line == Line ? Col >= I.Loc.Column &&
                                             Col < I.Loc.Column + I.Text.size()
                                       : I.Loc.Line < Line && Line <= I.EndLine;
      if (Covers && (!Best || I.Text.size() < Best->Text.size()))
        Best = &I;
    }
    std::string Markdown;
    if (Best) {
      std::vector<const Finding *> Said;
      for (const Finding &F : A->Findings)
        if (F.Loc == Best->Loc)
          Said.push_back(&F);
      Markdown = accessHover(*Best, Said);
    } else {
      // A launch's place is in its call (clang puts a <<<>>> launch at
      // its argument list): its whole line.
      for (const LaunchInfo &L : A->Launches)
        if (L.Loc.Line == Line)
          Markdown += (Markdown.empty() ? "" : "\n---\n\n") + launchHover(L);
    }
    if (Markdown.empty())
      return nullptr;
    return json::Object{
        {"contents",
         json::Object{{"kind", "markdown"}, {"value", std::move(Markdown)}}}};
  }

  json::Value inlayHints(const json::Object &Params) {
    std::shared_ptr<const Analysed> A = lastOf(Params);
    json::Array Hints;
    if (!A)
      return Hints;
    int64_t First = 0, Last = INT64_MAX;
    if (const json::Object *R = Params.getObject("range")) {
      if (const json::Object *S = R->getObject("start"))
        First = S->getInteger("line").value_or(0);
      if (const json::Object *E = R->getObject("end"))
        Last = E->getInteger("line").value_or(INT64_MAX);
    }
    auto InRange = [&](unsigned Line) {
      return int64_t(Line) - 1 >= First && int64_t(Line) - 1 <= Last;
    };
    for (const SharedAccessInfo &I : A->Accesses)
      if (InRange(I.Loc.Line))
        if (auto H = accessHint(I, A->Text))
          Hints.push_back(std::move(*H));
    for (const LaunchInfo &L : A->Launches)
      if (InRange(L.Loc.Line))
        if (auto H = launchHint(L, A->Text))
          Hints.push_back(std::move(*H));
    return Hints;
  }

  json::Value codeActionsFor(const json::Object &Params) {
    std::string Path, Uri;
    std::shared_ptr<const Analysed> A = lastOf(Params, &Path, &Uri);
    json::Array Actions;
    const json::Object *R = Params.getObject("range");
    if (!A || !R)
      return Actions;
    auto Line = [](const json::Object *P) {
      return P ? P->getInteger("line").value_or(-1) : -1;
    };
    int64_t First = Line(R->getObject("start"));
    int64_t Last = Line(R->getObject("end"));
    TextCache Texts;
    DiagnosticContext C = context(A->Text, Texts);
    for (size_t I = 0; I < A->Findings.size(); ++I) {
      int64_t L = int64_t(A->Findings[I].Loc.Line) - 1;
      if (L < First || L > Last)
        continue;
      for (json::Value &Act :
           codeActions(A->Findings[I], A->Diagnostics[I], Uri, A->Text, C))
        Actions.push_back(std::move(Act));
    }
    return Actions;
  }

  json::Value executeCommand(const json::Object &Params) {
    std::optional<StringRef> Cmd = Params.getString("command");
    const json::Array *Args = Params.getArray("arguments");
    if (Cmd && *Cmd == "warplint.explainLayout" && Args && !Args->empty()) {
      std::string Text;
      for (const json::Value &V : llvm::reverse(*Args))
        if (auto S = V.getAsString())
          Text += (Text.empty() ? "" : ": ") + S->str();
      T.notify(
          "window/showMessage",
          json::Object{{"type", 3},
                       {"message", Text + ". warplint cannot make this change "
                                          "itself: every index of the array "
                                          "must change with it."}});
    }
    return nullptr;
  }
};

} // namespace

int runServer(Transport &T, ServerOptions Opts) {
  Server S(T, std::move(Opts));
  return S.run();
}

} // namespace warplint::lsp
