//===-- PreludeCache.cpp - The CUDA headers, precompiled once -------------===//
#include "warplint/Pipeline/PreludeCache.h"

#include "warplint/Driver/CompileArgs.h"
#include "warplint/Driver/ReportCache.h"
#include "clang/Basic/DiagnosticLex.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Frontend/Utils.h"
#include "clang/Lex/HeaderSearchOptions.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaConsumer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/LockFileManager.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

using namespace clang;
using namespace llvm;

namespace warplint {

std::string PreludeCache::defaultDir() {
  std::string Root = cacheRoot();
  if (Root.empty())
    return "";
  SmallString<256> Dir(Root);
  sys::path::append(Dir, "prelude");
  return std::string(Dir);
}

namespace {

/// The -include files every CUDA compile of warplint's has: clang's CUDA
/// runtime wrapper, the nvcc compatibility header, warplint's prelude.
bool isStandardInclude(StringRef Path) {
  return sys::path::filename(Path) == "__clang_cuda_runtime_wrapper.h" ||
         Path == nvccCompatPath() ||
         Path == (PreludeDir + "/" + PreludeHeader).str();
}

/// Every file the PCH read, system headers included; UserFile says whether
/// one of them, other than Main and the standard -include files, was not a
/// system header.
class AllFiles : public DependencyCollector {
public:
  explicit AllFiles(std::string Main) : Main(std::move(Main)) {}
  bool UserFile = false;

private:
  std::string Main;
  bool needSystemDependencies() override { return true; }
  bool sawDependency(StringRef Filename, bool FromModule, bool IsSystem,
                     bool IsModuleFile, bool IsMissing) override {
    // The PCH a list's is chained on, and what it read, are warplint's own.
    if (!IsSystem && !IsMissing && !IsModuleFile && !FromModule &&
        Filename != Main && !isStandardInclude(Filename))
      UserFile = true;
    return DependencyCollector::sawDependency(Filename, FromModule, IsSystem,
                                              IsModuleFile, IsMissing);
  }
};

/// The line of the PCH's main file (one directive of the list a line) that
/// Loc was reached through, counted from 0.
std::optional<size_t> lineThrough(const SourceManager &SM, SourceLocation Loc) {
  for (Loc = SM.getExpansionLoc(Loc); Loc.isValid();
       Loc = SM.getIncludeLoc(SM.getFileID(Loc)))
    if (SM.getFileID(Loc) == SM.getMainFileID())
      return SM.getExpansionLineNumber(Loc) - 1;
  return std::nullopt;
}

/// The first line of the PCH's main file through which a header that is not
/// a system header was included (the standard -include files aside).
std::optional<size_t> firstUserLine(const SourceManager &SM) {
  std::optional<size_t> First;
  for (unsigned I = 1, E = SM.local_sloc_entry_size(); I < E; ++I) {
    const SrcMgr::SLocEntry &S = SM.getLocalSLocEntry(I);
    if (!S.isFile() || S.getFile().getFileCharacteristic() != SrcMgr::C_User)
      continue;
    SourceLocation Loc = SourceLocation::getFromRawEncoding(S.getOffset());
    if (SM.getFileID(Loc) == SM.getMainFileID())
      continue;
    OptionalFileEntryRef F = SM.getFileEntryRefForID(SM.getFileID(Loc));
    if (!F || isStandardInclude(F->getName()))
      continue;
    if (std::optional<size_t> L = lineThrough(SM, Loc);
        L && (!First || *L < *First))
      First = L;
  }
  return First;
}

class ErrorCounter : public DiagnosticConsumer {
public:
  unsigned Errors = 0;
  /// The line of the list the first error came through (lineThrough).
  std::optional<size_t> FirstAt;
  /// The first error is a header not found, on that line of the list
  /// itself (`#include <omp.h>`).
  bool FirstMissing = false;
  void HandleDiagnostic(DiagnosticsEngine::Level L,
                        const Diagnostic &Info) override {
    if (L < DiagnosticsEngine::Error)
      return;
    if (Errors++ == 0 && Info.hasSourceManager() &&
        Info.getLocation().isValid()) {
      const SourceManager &SM = Info.getSourceManager();
      FirstAt = lineThrough(SM, Info.getLocation());
      unsigned ID = Info.getID();
      FirstMissing =
          (ID == diag::err_pp_file_not_found ||
           ID == diag::err_pp_file_not_found_angled_include_not_fatal) &&
          SM.getFileID(SM.getExpansionLoc(Info.getLocation())) ==
              SM.getMainFileID();
    }
  }
};

} // namespace

namespace {

/// Text's lines of code, comments and blank lines aside, until Stop says so
/// (a line that ends with a backslash stops them all).
void codeLines(StringRef Text, function_ref<bool(StringRef)> Take) {
  bool InComment = false;
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    Text = Rest;
    StringRef L = Line.trim();
    if (InComment) {
      size_t End = L.find("*/");
      if (End == StringRef::npos)
        continue;
      InComment = false;
      L = L.drop_front(End + 2).trim();
    }
    // A comment that opens and closes on its line, then what follows it.
    while (L.starts_with("/*")) {
      size_t End = L.find("*/", 2);
      if (End == StringRef::npos) {
        InComment = true;
        L = "";
        break;
      }
      L = L.drop_front(End + 2).trim();
    }
    if (L.empty() || L.starts_with("//"))
      continue;
    if (L.ends_with("\\") || !Take(L))
      return;
  }
}

/// The directive of Line ("include", "define", ...) and what follows it.
std::pair<StringRef, StringRef> directive(StringRef Line) {
  if (!Line.consume_front("#"))
    return {};
  Line = Line.ltrim();
  size_t End = 0;
  while (End < Line.size() && isAlpha(Line[End]))
    ++End;
  return {Line.take_front(End), Line.drop_front(End).trim()};
}

/// Whether a line of a list (leadingDirectives) includes a header.
bool isInclude(StringRef Line) { return Line.starts_with("#include"); }

/// An identifier alone, that the implementation does not reserve.
bool isGuardName(StringRef S) {
  return !S.empty() && !S.starts_with("_") && isAlpha(S[0]) &&
         llvm::all_of(S, [](char C) { return isAlnum(C) || C == '_'; });
}

} // namespace

LeadingDirectives leadingDirectives(StringRef Text, bool Header,
                                    function_ref<bool(StringRef)> NotOwn) {
  LeadingDirectives Out;
  // A header's guard: where it may be, and its name once seen.
  enum { Start, GuardDefine, Body } At = Header ? Start : Body;
  StringRef Guard;
  codeLines(Text, [&](StringRef L) {
    auto [Name, Rest] = directive(L);
    if (At == Start) {
      At = Body;
      if (Name == "pragma" && Rest == "once")
        return true;
      if (Name == "ifndef" && isGuardName(Rest)) {
        Guard = Rest;
        At = GuardDefine;
        return true;
      }
    } else if (At == GuardDefine) {
      At = Body;
      if (Name == "define" && Rest == Guard)
        return true;
      return false;
    }
    if (Name == "include" && Rest.consume_front("<")) {
      size_t Close = Rest.find('>');
      if (Close == 0 || Close == StringRef::npos ||
          !Rest.drop_front(Close + 1).trim().empty())
        return false;
      Out.Lines.push_back(("#include <" + Rest.take_front(Close) + ">").str());
      assert(isInclude(Out.Lines.back()));
      return true;
    }
    if (Name == "include" && Rest.consume_front("\"")) {
      size_t Close = Rest.find('"');
      if (Close == 0 || Close == StringRef::npos ||
          !Rest.drop_front(Close + 1).trim().empty())
        return false;
      StringRef Quoted = Rest.take_front(Close);
      // Not a header of the user's (`#include "assert.h"`): clang finds it
      // where it finds `<assert.h>`.
      if (NotOwn && NotOwn(Quoted)) {
        Out.Lines.push_back(("#include <" + Quoted + ">").str());
        return true;
      }
      Out.Quoted = Quoted.str();
      return false;
    }
    // A definition of one line, with no comment in it: written again as it
    // is, in its place.
    if ((Name == "define" || Name == "undef") && !Rest.empty() &&
        (isAlpha(Rest[0]) || Rest[0] == '_') && !Rest.contains("/*") &&
        !Rest.contains("//")) {
      Out.Lines.push_back(("#" + Name + " " + Rest).str());
      return true;
    }
    return false;
  });
  return Out;
}

namespace {

/// "SIZE MTIME PATH" of File as VFS sees it, or "" when it cannot be read.
std::string stamp(vfs::FileSystem &VFS, StringRef File) {
  auto S = VFS.status(File);
  if (!S)
    return "";
  return std::to_string(S->getSize()) + " " +
         std::to_string(sys::toTimeT(S->getLastModificationTime())) + " " +
         File.str();
}

/// "pch HASH": the first line of a PCH's list, the hash of its bytes, so
/// that a PCH damaged on disk (cut short, overwritten) is built again
/// rather than failing every parse; empty when Pch cannot be read.
std::string contentLine(StringRef Pch) {
  auto Buf = MemoryBuffer::getFile(Pch, /*IsText=*/false,
                                   /*RequiresNullTerminator=*/false);
  if (!Buf)
    return "";
  StringRef B = (*Buf)->getBuffer();
  XXH128_hash_t H = xxh3_128bits(
      ArrayRef(reinterpret_cast<const uint8_t *>(B.data()), B.size()));
  return "pch " + utohexstr(H.high64, false, 16) +
         utohexstr(H.low64, false, 16);
}

/// The first line of a failed build's list: the line of its own list (from
/// 0) that its first error, or its first header not a system header, came
/// through; with MissingWord after it when that error is the line's own
/// header not found.
constexpr llvm::StringLiteral AtLine = "at ";
constexpr llvm::StringLiteral MissingWord = " missing";

/// Whether every file Deps lists still has its size and time (and, with
/// Pch, whether Pch is the file the list was written for); Read gets their
/// paths, At the line a failed build came to grief through (AtLine) and
/// Missing whether its header was not found there, Content the list's first
/// line (the hash of Pch's bytes).
bool fresh(vfs::FileSystem &VFS, StringRef DepsPath,
           std::vector<std::string> *Read, StringRef Pch = "",
           std::optional<size_t> *At = nullptr, bool *Missing = nullptr,
           std::string *Content = nullptr) {
  auto Buf = MemoryBuffer::getFile(DepsPath);
  if (!Buf)
    return false;
  SmallVector<StringRef, 0> Lines;
  (*Buf)->getBuffer().split(Lines, '\n', -1, /*KeepEmpty=*/false);
  if (!Pch.empty()) {
    if (Lines.empty() || Lines.front() != contentLine(Pch))
      return false;
    if (Content)
      *Content = Lines.front().str();
    Lines.erase(Lines.begin());
  }
  if (!Lines.empty() && Lines.front().starts_with(AtLine)) {
    StringRef Where = Lines.front().drop_front(AtLine.size());
    bool IsMissing = Where.consume_back(MissingWord);
    size_t N;
    if (At && !Where.getAsInteger(10, N)) {
      *At = N;
      if (Missing)
        *Missing = IsMissing;
    }
    Lines.erase(Lines.begin());
  }
  if (Lines.empty())
    return false;
  for (StringRef Line : Lines) {
    StringRef Path = Line.split(' ').second.split(' ').second;
    if (Path.empty() || stamp(VFS, Path) != Line)
      return false;
    if (Read)
      Read->push_back(Path.str());
  }
  return true;
}

/// Where a PCH that did not build lists the files it read.
std::string failedPath(StringRef DepsPath) {
  SmallString<256> P(DepsPath);
  sys::path::replace_extension(P, "failed");
  return std::string(P);
}

/// How build() makes a PCH (LeanLists): part of every PCH's name.
constexpr const char *KeyFormat =
    "warplint prelude pch 5: leading directives as the main file, a failed "
    "list's record says a header not found";

/// Empties two lists of the headers' declarations before the PCH is
/// written, so that no parse reading it deserializes them all at its end:
/// the unused file-scoped declarations (-Wunused-function and its kin, which
/// system headers never get) and the declarations whose deferred CUDA
/// diagnostics wait for a use (errors inside the toolkit's headers, which
/// warplint's analysis does not need). Each cost about a fifth of the parse
/// of a small file.
class LeanLists : public SemaConsumer {
  Sema *S = nullptr;

public:
  void InitializeSema(Sema &Sema) override { S = &Sema; }
  void ForgetSema() override { S = nullptr; }
  void HandleTranslationUnit(ASTContext &) override {
    if (!S)
      return;
    // Local only: the PCH is built from headers, with no AST file under it.
    S->UnusedFileScopedDecls.erase(
        S->UnusedFileScopedDecls.begin(nullptr, /*LocalOnly=*/true),
        S->UnusedFileScopedDecls.end());
    S->DeclsToCheckForDeferredDiags.clear();
  }
};

/// GeneratePCHAction, with LeanLists ahead of the writer.
class LeanPCHAction : public GeneratePCHAction {
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef InFile) override {
    std::unique_ptr<ASTConsumer> Writer =
        GeneratePCHAction::CreateASTConsumer(CI, InFile);
    if (!Writer)
      return nullptr;
    std::vector<std::unique_ptr<ASTConsumer>> Both;
    Both.push_back(std::make_unique<LeanLists>());
    Both.push_back(std::move(Writer));
    return std::make_unique<MultiplexConsumer>(std::move(Both));
  }
};

/// Builds the PCH of Build's -include files into PchPath, and lists what it
/// read in DepsPath (a chained PCH's list names the PCH it is built on,
/// whose time clang checks); MainText, the file's own leading directives,
/// one a line, is the PCH's main file. Why says what failed, At the line of
/// MainText the first error or the first header not a system header came
/// through.
bool build(std::shared_ptr<CompilerInvocation> Build, InputKind Kind,
           FileManager &Files, std::shared_ptr<PCHContainerOperations> Ops,
           StringRef PchPath, StringRef DepsPath, StringRef MainText,
           std::string &Why, std::optional<size_t> &At, bool &Missing) {
  IntrusiveRefCntPtr<vfs::FileSystem> VFS = Files.getVirtualFileSystemPtr();
  SmallString<256> Main(PchPath);
  sys::path::replace_extension(Main, "prelude.cu");
  Build->getFrontendOpts().Inputs = {FrontendInputFile(Main, Kind)};
  Build->getFrontendOpts().OutputFile = PchPath.str();
  Build->getFrontendOpts().ProgramAction = frontend::GeneratePCH;
  Build->getPreprocessorOpts().addRemappedFile(
      Main, MemoryBuffer::getMemBufferCopy(MainText, Main).release());
  Build->getPreprocessorOpts().RetainRemappedFileBuffers = false;

  CompilerInstance CI(std::move(Build), std::move(Ops));
  CI.setVirtualFileSystem(VFS);
  auto OwnFiles =
      makeIntrusiveRefCnt<FileManager>(Files.getFileSystemOpts(), VFS);
  CI.setFileManager(OwnFiles);
  ErrorCounter Errors;
  CI.createDiagnostics(&Errors, /*ShouldOwnClient=*/false);
  CI.createSourceManager();
  auto Deps = std::make_shared<AllFiles>(std::string(Main));
  CI.addDependencyCollector(Deps);
  LeanPCHAction Act;
  bool OK = CI.ExecuteAction(Act) && !Errors.Errors;
  std::string List;
  for (StringRef D : Deps->getDependencies()) {
    if (D == Main)
      continue;
    std::string S = stamp(*VFS, D);
    // A header that was not found (`<omp.h>`) is listed by its name alone:
    // a failed build is not tried again for it, but its list is kept, and
    // the list cut before it (use()).
    if (S.empty() && !OK)
      continue;
    if (S.empty()) {
      Why = "cannot read '" + D.str() + "', a file the PCH read";
      return false;
    }
    List += S + "\n";
  }
  // A PCH of the file's own leading includes holds system headers only:
  // the analysis does not walk what a PCH declares.
  bool User = !MainText.empty() && Deps->UserFile;
  if (!OK || User) {
    // Not tried again while the headers stay as they are.
    sys::fs::remove(PchPath);
    At = User ? firstUserLine(CI.getSourceManager()) : Errors.FirstAt;
    Missing = !User && At && Errors.FirstMissing;
    writeFileAtomically(
        failedPath(DepsPath),
        (At ? (AtLine + Twine(*At) + (Missing ? MissingWord : "") + "\n").str()
            : "") +
            List);
    Why = User ? "one of them is not a system header"
               : "they do not compile with this command (" +
                     std::to_string(Errors.Errors) +
                     (Errors.Errors == 1 ? " error)" : " errors)");
    return false;
  }
  std::string Content = contentLine(PchPath);
  if (List.empty() || Content.empty() ||
      !writeFileAtomically(DepsPath, Content + "\n" + List)) {
    Why = "cannot write '" + DepsPath.str() + "'";
    return false;
  }
  return true;
}

/// Whether this use of a list is its OnUse-th or later; if not, it is
/// counted (one byte more in Seen, which the earlier uses wrote).
bool countUse(StringRef Dir, StringRef Seen, unsigned OnUse) {
  uint64_t Before = 0;
  if (sys::fs::file_size(Seen, Before))
    Before = 0;
  if (Before + 1 >= OnUse)
    return true;
  int FD;
  if (!sys::fs::create_directories(Dir) &&
      !sys::fs::openFileForWrite(Seen, FD, sys::fs::CD_OpenAlways,
                                 sys::fs::OF_Append)) {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << '.';
  }
  return false;
}

/// The lock on building Pch, held while this process builds it; null when
/// there can be no lock (each process then builds its own) or when another
/// process held it: then Waited is set, after waiting up to a minute for
/// that process to end its build.
std::unique_ptr<LockFileManager> lockOrWait(StringRef Pch, bool &Waited) {
  auto Lock = std::make_unique<LockFileManager>(Pch);
  Expected<bool> Owned = Lock->tryLock();
  if (!Owned) {
    consumeError(Owned.takeError());
    return nullptr;
  }
  if (*Owned)
    return Lock;
  Lock->waitForUnlockFor(std::chrono::seconds(60));
  Waited = true;
  return nullptr;
}

/// Keeps the MaxKept most recently used PCHs of Dir, removes the rest, and
/// the first-use marks (.seen) of lists not used again within 30 days.
/// MaxKept: a build's files start with many lists of system headers (15
/// for llm.c's 22 sources), and fewer kept than used would build them over
/// and over.
void prune(StringRef Dir) {
  constexpr size_t MaxKept = 64;
  std::vector<std::pair<sys::TimePoint<>, std::string>> Kept;
  auto Now = std::chrono::system_clock::now();
  std::error_code EC;
  for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    StringRef Ext = sys::path::extension(It->path());
    if (Ext == ".seen") {
      if (auto S = It->status();
          S && Now - S->getLastModificationTime() > std::chrono::hours(24 * 30))
        sys::fs::remove(It->path());
      continue;
    }
    if (Ext != ".deps")
      continue;
    if (auto S = It->status())
      Kept.push_back({S->getLastModificationTime(), It->path()});
  }
  if (Kept.size() <= MaxKept)
    return;
  llvm::sort(Kept,
             [](const auto &A, const auto &B) { return A.first > B.first; });
  for (size_t I = MaxKept; I < Kept.size(); ++I) {
    SmallString<256> Path(Kept[I].second);
    sys::fs::remove(Path);
    sys::path::replace_extension(Path, "pch");
    sys::fs::remove(Path);
  }
}

} // namespace

namespace {

/// Where clang finds `#include "Name"` written in Includer: beside it, then
/// in the -iquote and -I directories; "" when it is in none of them (a
/// system directory's header is left to the parse).
std::string findQuoted(StringRef Name, StringRef Includer,
                       const HeaderSearchOptions &HS, vfs::FileSystem &VFS) {
  std::vector<std::string> Dirs = {sys::path::parent_path(Includer).str()};
  for (frontend::IncludeDirGroup G : {frontend::Quoted, frontend::Angled})
    for (const HeaderSearchOptions::Entry &E : HS.UserEntries)
      if (E.Group == G && !E.IsFramework)
        Dirs.push_back(E.Path);
  for (const std::string &D : Dirs) {
    SmallString<256> P(D);
    sys::path::append(P, Name);
    if (auto S = VFS.status(P); S && S->isRegularFile())
      return std::string(P);
  }
  return "";
}

/// Whether the header of Line (`#include <NAME>`) is in none of the
/// include directories of HS: a header not found when a list was built
/// that is still not there.
bool headerMissing(StringRef Line, const HeaderSearchOptions &HS,
                   vfs::FileSystem &VFS) {
  StringRef Name = Line;
  if (!Name.consume_front("#include <") || !Name.consume_back(">"))
    return false;
  for (const HeaderSearchOptions::Entry &E : HS.UserEntries) {
    SmallString<256> P(E.Path);
    if (E.IsFramework) {
      // <Framework/Header.h> is Framework.framework/Headers/Header.h.
      auto [Framework, Header] = Name.split('/');
      if (Header.empty())
        continue;
      sys::path::append(P, Framework + ".framework", "Headers", Header);
    } else {
      sys::path::append(P, Name);
    }
    if (VFS.exists(P))
      return false;
  }
  return true;
}

} // namespace

std::vector<std::string> leadingList(StringRef File,
                                     const HeaderSearchOptions &HS,
                                     vfs::FileSystem &VFS) {
  std::vector<std::string> Out;
  std::string Includer = File.str();
  // The file, then the header of its own it includes first, and so on (a
  // few deep: each is read whole).
  for (unsigned Depth = 0; Depth < 4 && !Includer.empty(); ++Depth) {
    auto Buf = VFS.getBufferForFile(Includer);
    if (!Buf)
      break;
    LeadingDirectives D =
        leadingDirectives((*Buf)->getBuffer(), Depth > 0, [&](StringRef Name) {
          return findQuoted(Name, Includer, HS, VFS).empty();
        });
    Out.insert(Out.end(), D.Lines.begin(), D.Lines.end());
    Includer = D.Quoted.empty() ? "" : findQuoted(D.Quoted, Includer, HS, VFS);
  }
  return Out;
}

bool PreludeCache::use(CompilerInvocation &Invocation, FileManager &Files,
                       std::shared_ptr<PCHContainerOperations> Ops,
                       std::string *Why, std::vector<std::string> *Read,
                       unsigned BuildOnUse) {
  PreprocessorOptions &PP = Invocation.getPreprocessorOpts();
  const auto &Inputs = Invocation.getFrontendOpts().Inputs;
  if (Dir.empty() || Inputs.size() != 1 || !PP.ImplicitPCHInclude.empty() ||
      PP.PrecompiledPreambleBytes.first != 0 ||
      Invocation.getLangOpts().Modules)
    return false;
  size_t N = 0;
  while (N < PP.Includes.size() && isStandardInclude(PP.Includes[N]))
    ++N;
  if (N == 0)
    return false;

  // First the PCH of those and the directives the file starts with
  // (`#include <cooperative_groups.h>`, `#define ENABLE_BF16`, ...), then
  // those its first header of its own starts with, which it then includes
  // again to no effect.
  std::vector<std::string> Leading;
  if (N == PP.Includes.size() && Inputs[0].isFile())
    Leading = leadingList(Inputs[0].getFile(), Invocation.getHeaderSearchOpts(),
                          Files.getVirtualFileSystem());
  // A list's PCH is built the second time a parse starts with it (a
  // build's second file with those includes, or a file's next parse;
  // BuildOnUse), so that a list no other parse shares costs no PCH;
  // meanwhile the longest
  // start of the list that has one is taken. A list whose first error, or
  // first header that is not a system header, came through one of its
  // lines (`<omp.h>` not found) is cut before that line, and what is left
  // is built in the same way; where nothing is left, the standard -include
  // files' PCH.
  //
  // A header that was not found (`<omp.h>` on a machine without it), and
  // is still in no include directory, is left out of the list rather than
  // cut before: the parse meets the same error on the source's own line,
  // and what follows it parses as it did after the error. At most a few.
  std::string Error;
  std::optional<Prepared> P;
  std::vector<std::string> LeftOut;
  // The lists' PCHs are chained on the standard -include files' PCH: built
  // first, their builds parse only what the lists add.
  std::optional<Prepared> Base;
  std::string BaseError;
  if (!Leading.empty())
    Base = prepare(Invocation, N, {}, Files, Ops, BaseError, Build::Always);
  for (bool Again = true; Again && !P;) {
    Again = false;
    size_t BuildAt = Leading.size();
    for (size_t K = Leading.size(); K > 0 && !P; --K) {
      // A list ends with an include.
      if (!isInclude(Leading[K - 1])) {
        if (K == BuildAt)
          --BuildAt;
        continue;
      }
      std::optional<size_t> At;
      bool Missing = false;
      P = prepare(Invocation, N, ArrayRef(Leading).take_front(K), Files, Ops,
                  Error, K == BuildAt ? Build::Counted : Build::Never,
                  BuildOnUse, &At, &Missing, Base ? &*Base : nullptr);
      if (P || K != BuildAt || !At || *At >= K)
        continue;
      if (Missing && LeftOut.size() < 4 &&
          headerMissing(Leading[*At], Invocation.getHeaderSearchOpts(),
                        Files.getVirtualFileSystem())) {
        LeftOut.push_back(Leading[*At]);
        Leading.erase(Leading.begin() + *At);
        Again = true;
        break;
      }
      BuildAt = *At;
    }
  }
  if (!P && !Leading.empty()) {
    P = std::move(Base);
    Error = BaseError;
  } else if (!P) {
    P = prepare(Invocation, N, {}, Files, Ops, Error, Build::Always);
  }
  if (!P) {
    ++Failed;
    if (Why)
      *Why = "the CUDA headers not precompiled: " + Error;
    return false;
  }
  PP.Includes.erase(PP.Includes.begin(), PP.Includes.begin() + N);
  PP.ImplicitPCHInclude = P->Pch;
  if (Why)
    *Why = "the CUDA headers" +
           (P->Leading ? " and the " + std::to_string(P->Leading) +
                             " system headers the file starts with"
                       : std::string()) +
           " from " + PP.ImplicitPCHInclude +
           (P->Now ? " (precompiled now)" : " (precompiled before)");
  if (Why && P->Leading)
    for (const std::string &L : LeftOut)
      *Why += "; " + StringRef(L).drop_front(strlen("#include ")).str() +
              " left out, not found";
  if (Read)
    Read->insert(Read->end(), P->Files.begin(), P->Files.end());
  return true;
}

std::optional<PreludeCache::Prepared>
PreludeCache::prepare(const CompilerInvocation &Invocation, size_t N,
                      ArrayRef<std::string> Leading, FileManager &Files,
                      std::shared_ptr<PCHContainerOperations> Ops,
                      std::string &Error, Build When, unsigned OnUse,
                      std::optional<size_t> *FailsAt, bool *FailsMissing,
                      const Prepared *Base) {
  const auto &Inputs = Invocation.getFrontendOpts().Inputs;
  // The PCH's command: this one's, with no file of its own and only the
  // standard -include files, then Leading. Its text (and clang's version)
  // names it.
  auto ForPch = std::make_shared<CompilerInvocation>(Invocation);
  ForPch->getFrontendOpts().Inputs.clear();
  ForPch->getFrontendOpts().OutputFile.clear();
  ForPch->getFrontendOpts().ProgramAction = frontend::GeneratePCH;
  ForPch->getCodeGenOpts().MainFileName.clear();
  // The compilation unit's id names its static device variables in code
  // generation; a parse does not use it, and it differs in every file.
  ForPch->getLangOpts().CUID.clear();
  // The templates the headers use are instantiated in the PCH, once, rather
  // than at the end of every parse that reads it (-fpch-instantiate-
  // templates; a benign option: the parses need not set it).
  ForPch->getLangOpts().PCHInstantiateTemplates = true;
  // A list's PCH on the -include files' own: chained, it names that PCH
  // (-include-pch) instead of the files, and its key the PCH's bytes.
  bool Chained = Base && !Leading.empty() && !Base->Content.empty();
  if (Chained) {
    ForPch->getPreprocessorOpts().Includes.clear();
    ForPch->getPreprocessorOpts().ImplicitPCHInclude = Base->Pch;
  } else {
    ForPch->getPreprocessorOpts().Includes.resize(N);
  }
  // Leading, one directive a line, is the PCH's main file.
  std::string MainText;
  for (const std::string &L : Leading)
    MainText += L + "\n";
  // KeyFormat names how build() makes a PCH: a change to it is a new PCH.
  std::string Key = join(ForPch->getCC1CommandLine(), "\n") + "\n" +
                    getClangFullVersion() + "\n" + KeyFormat + "\n" + MainText;
  if (Chained)
    Key += "\nchained on " + Base->Content;
  // warplint's own headers are files of this process, with no time of
  // their own: their text names the PCH too.
  for (const auto &[Path, Text] : preludeFiles())
    Key += "\n" + Path + "\n" + Text;
  XXH128_hash_t H = xxh3_128bits(
      ArrayRef(reinterpret_cast<const uint8_t *>(Key.data()), Key.size()));
  SmallString<256> Pch(Dir);
  sys::path::append(Pch, utohexstr(H.high64, false, 16) +
                             utohexstr(H.low64, false, 16) + ".pch");
  SmallString<256> Deps(Pch), Seen(Pch);
  sys::path::replace_extension(Deps, "deps");
  sys::path::replace_extension(Seen, "seen");

  vfs::FileSystem &VFS = Files.getVirtualFileSystem();
  Prepared Out;
  Out.Pch = std::string(Pch);
  Out.Leading = llvm::count_if(Leading, isInclude);
  // fresh() checks the list's first line against the PCH's bytes.
  auto Usable = [&] {
    Out.Files.clear();
    return fresh(VFS, Deps, &Out.Files, Pch, nullptr, nullptr, &Out.Content);
  };
  if (Usable()) {
    ++Reused;
    markUsed(Deps);
  } else if (When == Build::Never) {
    return std::nullopt;
  } else if (When == Build::Counted && !countUse(Dir, Seen, OnUse)) {
    return std::nullopt;
  } else {
    // One build at a time: the threads of this process wait on the mutex,
    // other processes on the lock file, then take what was built.
    std::lock_guard<std::mutex> One(Building);
    std::unique_ptr<LockFileManager> Lock;
    Error.clear();
    bool Waited = false;
    std::optional<size_t> At;
    bool Missing = false;
    if (std::error_code EC = sys::fs::create_directories(Dir))
      Error = "cannot create '" + Dir + "': " + EC.message();
    else if (Usable()) // built by another thread meanwhile
      ++Reused;
    else if (Lock = lockOrWait(Pch, Waited); Waited && Usable())
      ++Reused;
    else if (fresh(VFS, failedPath(Deps), nullptr, "", &At, &Missing))
      Error = "they did not compile with this command before";
    else if (build(ForPch, Inputs[0].getKind(), Files, Ops, Pch, Deps, MainText,
                   Error, At, Missing) &&
             Usable()) {
      ++Built;
      Out.Now = true;
      prune(Dir);
    } else if (Error.empty()) {
      Error = "a file the PCH read changed while it was built";
    }
    if (!Error.empty()) {
      if (FailsAt)
        *FailsAt = At;
      if (FailsMissing)
        *FailsMissing = Missing;
      return std::nullopt;
    }
  }
  return Out;
}

} // namespace warplint
