//===-- Inputs.cpp - The files of a run and their compile commands --------===//
#include "warplint/Pipeline/Inputs.h"
#include "warplint/Driver/CompileArgs.h"
#include "warplint/Driver/LauncherCommand.h"

#include "warplint/Core/Config.h"
#include "warplint/Core/InputFile.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/YAMLParser.h"

using namespace clang::tooling;
using namespace llvm;

namespace warplint {

void translateCompilerAfterDashDash(std::vector<const char *> &Argv,
                                    std::vector<std::string> &Storage,
                                    std::vector<std::string> *Dropped) {
  for (size_t I = 1; I + 1 < Argv.size(); ++I) {
    if (StringRef(Argv[I]) != "--")
      continue;
    StringRef Compiler = Argv[I + 1];
    StringRef Ext = sys::path::extension(Compiler);
    if (Compiler.starts_with("-") || (!Ext.empty() && Ext != ".exe"))
      return; // an option or an input file, not a compiler
    std::vector<std::string> Command(Argv.begin() + I + 1, Argv.end());
    launcher::CompilerKind Kind = launcher::compilerKind(Compiler);
    if (Kind == launcher::CompilerKind::Nvcc)
      Storage = translateNvccCommand(Command, Dropped);
    else if (Kind == launcher::CompilerKind::Clang)
      Storage = Command;
    else
      return;
    Argv.resize(I + 1);
    for (size_t J = 1; J < Storage.size(); ++J)
      Argv.push_back(Storage[J].c_str());
    return;
  }
}

namespace {

/// An entry of a compilation database whose directory does not exist: an
/// error for the files it compiles, if they are analysed.
struct BadDirectory {
  std::string File; ///< absolute, without dots
  std::string Message;
};

/// A compile_commands.json, read with a bound and checked whole before
/// clang's reader sees it: a syntax error anywhere (a file cut short) is an
/// error naming the file and the place, not the entries before it analysed;
/// a relative "directory" is resolved against the database's own
/// directory; one that does not exist is remembered in Bad.
class DatabaseReader {
public:
  DatabaseReader(StringRef Path) : Path(Path.str()) {
    SM.setDiagHandler(
        [](const SMDiagnostic &D, void *Ctx) {
          auto *Self = static_cast<DatabaseReader *>(Ctx);
          if (Self->SyntaxError.empty())
            Self->SyntaxError =
                (Twine(D.getLineNo()) + ":" + Twine(D.getColumnNo() + 1) +
                 ": " + D.getMessage())
                    .str();
        },
        this);
  }

  Expected<std::unique_ptr<CompilationDatabase>>
  read(std::vector<BadDirectory> &Bad) {
    Expected<std::string> Text =
        readInputFile(Path, MaxDatabaseBytes, "a compilation database");
    if (!Text)
      return createStringError("cannot read the compilation database '" + Path +
                               "': " + toString(Text.takeError()));
    if (auto Deep = tooDeeplyNested(*Text))
      return createStringError(Path + ": " + *Deep);
    SmallString<256> DbDir(sys::path::parent_path(Path));
    // The replacements of relative directories, by offset in Text.
    std::vector<std::tuple<size_t, size_t, std::string>> Edits;
    {
      yaml::Stream Stream(*Text, SM, /*ShowColors=*/false);
      auto DI = Stream.begin();
      yaml::Node *Root = DI == Stream.end() ? nullptr : DI->getRoot();
      if (Stream.failed())
        return syntaxError();
      auto *Seq = dyn_cast_or_null<yaml::SequenceNode>(Root);
      if (!Seq)
        return error(Root, "expected a JSON array of compile commands");
      for (yaml::Node &N : *Seq) {
        if (Stream.failed())
          return syntaxError();
        auto *Entry = dyn_cast<yaml::MappingNode>(&N);
        if (!Entry)
          return error(&N, "expected an object with 'directory', 'file' and "
                           "'command' or 'arguments'");
        yaml::ScalarNode *Dir = nullptr, *File = nullptr;
        for (yaml::KeyValueNode &KV : *Entry) {
          if (Stream.failed())
            return syntaxError();
          auto *Key = dyn_cast_or_null<yaml::ScalarNode>(KV.getKey());
          yaml::Node *Value = KV.getValue();
          if (Stream.failed())
            return syntaxError();
          SmallString<16> KeyBuf;
          StringRef K = Key ? Key->getValue(KeyBuf) : "";
          if (K == "directory" || K == "file") {
            auto *S = dyn_cast_or_null<yaml::ScalarNode>(Value);
            if (!S)
              return error(Value, "'" + K + "' takes a string");
            (K == "directory" ? Dir : File) = S;
          } else if (Value) {
            Value->skip();
          }
          if (Stream.failed())
            return syntaxError();
        }
        if (!Dir || !File)
          return error(Entry, Twine("an entry without '") +
                                  (Dir ? "file" : "directory") + "'");
        SmallString<256> DirBuf, FileBuf, AbsDir;
        AbsDir = Dir->getValue(DirBuf);
        if (sys::path::is_relative(AbsDir)) {
          SmallString<256> Joined(DbDir);
          sys::path::append(Joined, AbsDir);
          sys::path::remove_dots(Joined, /*remove_dot_dot=*/true);
          AbsDir = Joined;
          SMRange R = Dir->getSourceRange();
          size_t Begin = R.Start.getPointer() - Text->data();
          size_t End = R.End.getPointer() - Text->data();
          std::string Quoted;
          raw_string_ostream(Quoted) << json::Value(std::string(AbsDir));
          Edits.emplace_back(Begin, End, Quoted);
        }
        if (!sys::fs::is_directory(AbsDir)) {
          SmallString<256> AbsFile(File->getValue(FileBuf));
          if (sys::path::is_relative(AbsFile)) {
            SmallString<256> Joined(AbsDir);
            sys::path::append(Joined, AbsFile);
            AbsFile = Joined;
          }
          sys::path::remove_dots(AbsFile, /*remove_dot_dot=*/true);
          Bad.push_back({std::string(AbsFile),
                         where(Dir) + ": the directory '" +
                             std::string(AbsDir) + "' of the entry for '" +
                             std::string(File->getValue(FileBuf)) + "' " +
                             (sys::fs::exists(AbsDir) ? "is not a directory"
                                                      : "does not exist")});
        }
      }
      if (Stream.failed())
        return syntaxError();
      if (++DI != Stream.end() && DI->getRoot() &&
          !isa<yaml::NullNode>(DI->getRoot()))
        return error(DI->getRoot(), "expected a single JSON array");
      if (Stream.failed())
        return syntaxError();
    }
    std::string Fixed = *Text;
    for (auto It = Edits.rbegin(); It != Edits.rend(); ++It)
      Fixed.replace(std::get<0>(*It), std::get<1>(*It) - std::get<0>(*It),
                    std::get<2>(*It));
    std::string Err;
    std::unique_ptr<CompilationDatabase> DB =
        JSONCompilationDatabase::loadFromBuffer(
            Fixed, Err, JSONCommandLineSyntax::AutoDetect);
    if (!DB)
      return createStringError(Path + ": " + Err);
    // What clang's own loader of a build directory adds.
    return inferTargetAndDriverMode(inferMissingCompileCommands(
        expandResponseFiles(std::move(DB), vfs::getRealFileSystem())));
  }

private:
  std::string where(yaml::Node *N) {
    std::string W = Path;
    if (N && N->getSourceRange().Start.isValid()) {
      auto LC = SM.getLineAndColumn(N->getSourceRange().Start);
      W += ":" + std::to_string(LC.first) + ":" + std::to_string(LC.second);
    }
    return W;
  }
  Error error(yaml::Node *N, const Twine &Msg) {
    return createStringError(where(N) + ": " + Msg.str());
  }
  Error syntaxError() {
    return createStringError(
        Path + ":" +
        (SyntaxError.empty() ? std::string(" not valid JSON") : SyntaxError));
  }

  std::string Path;
  SourceMgr SM;
  std::string SyntaxError;
};

/// The compilation database of Dir: its compile_commands.json, read by
/// DatabaseReader, else what clang finds there (compile_flags.txt). Null
/// with Why empty when there is none; an error for a damaged one.
Expected<std::unique_ptr<CompilationDatabase>>
loadDatabase(StringRef Dir, std::vector<BadDirectory> &Bad, std::string &Why) {
  SmallString<256> Json(Dir);
  sys::path::append(Json, "compile_commands.json");
  sys::fs::file_status St;
  if (!sys::fs::status(Json, St) || sys::fs::is_symlink_file(Json)) {
    SmallString<256> Abs(Json);
    sys::fs::make_absolute(Abs);
    sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    return DatabaseReader(Abs).read(Bad);
  }
  SmallString<256> Flags(Dir);
  sys::path::append(Flags, "compile_flags.txt");
  if (sys::fs::exists(Flags)) {
    if (std::string R = unreadableReason(Flags); !R.empty())
      return createStringError("cannot read '" + std::string(Flags) +
                               "': " + R);
    uint64_t Size = 0;
    if (!sys::fs::file_size(Flags, Size) && Size > MaxOptionsFileBytes)
      return createStringError("cannot read '" + std::string(Flags) +
                               "': larger than the " +
                               byteSize(MaxOptionsFileBytes) + " limit");
  }
  return CompilationDatabase::loadFromDirectory(Dir, Why);
}

} // namespace

Expected<std::unique_ptr<CompilationDatabase>>
chooseCompilationDatabase(StringRef BuildPath,
                          std::unique_ptr<CompilationDatabase> Fixed,
                          std::vector<std::string> &Files) {
  auto Usage = [](const Twine &Msg) {
    return createStringError(inconvertibleErrorCode(), Msg);
  };
  std::unique_ptr<CompilationDatabase> DB;
  std::vector<BadDirectory> Bad;
  if (!BuildPath.empty()) {
    if (Fixed)
      return Usage("use either -p or '-- COMPILER_ARGS', not both");
    std::string Err;
    auto Loaded = loadDatabase(BuildPath, Bad, Err);
    if (!Loaded)
      return Loaded.takeError();
    DB = std::move(*Loaded);
    if (!DB) {
      // Err has one line per database kind tried; say the one that matters.
      SmallString<256> Json(BuildPath);
      sys::path::append(Json, "compile_commands.json");
      StringRef Last = StringRef(Err).trim();
      Last = Last.substr(Last.rfind('\n') + 1);
      std::string Why = !sys::fs::exists(BuildPath) ? "no such directory"
                        : !sys::fs::is_directory(BuildPath) ? "not a directory"
                        : !sys::fs::exists(Json)
                            ? "no compile_commands.json there"
                            : Last.str();
      return Usage("no compilation database in '" + BuildPath + "': " + Why);
    }
    if (Files.empty())
      for (const std::string &F : DB->getAllFiles())
        if (StringRef(F).ends_with(".cu"))
          Files.push_back(F);
    if (Files.empty())
      return Usage("the compilation database in '" + BuildPath +
                   "' has no .cu file");
  } else if (Fixed) {
    DB = std::move(Fixed);
  } else if (!Files.empty()) {
    // As clang's autoDetectFromSource: the nearest directory above the
    // first file with a database.
    SmallString<256> Abs(Files.front());
    sys::fs::make_absolute(Abs);
    sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    for (StringRef D = sys::path::parent_path(Abs); !D.empty() && !DB;
         D = sys::path::parent_path(D)) {
      std::string Err;
      auto Loaded = loadDatabase(D, Bad, Err);
      if (!Loaded)
        return Loaded.takeError();
      DB = std::move(*Loaded);
    }
    if (!DB)
      DB = std::make_unique<FixedCompilationDatabase>(
          ".", std::vector<std::string>());
  }
  if (Files.empty())
    return Usage("no input files; run 'warplint --help' for the usage");
  // An entry whose directory is gone, for a file to analyse.
  for (const std::string &F : Files) {
    SmallString<256> Abs(F);
    sys::fs::make_absolute(Abs);
    sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    for (const BadDirectory &B : Bad)
      if (B.File == Abs)
        return Usage(B.Message);
  }
  return std::move(DB);
}

Expected<ExplainTarget> parseExplainTarget(StringRef Spec) {
  auto [Rest, Last] = Spec.rsplit(':');
  unsigned A = 0, B = 0;
  if (Rest.empty() || Last.getAsInteger(10, A) || A == 0)
    return createStringError(inconvertibleErrorCode(),
                             "'" + Spec + "' is not FILE:LINE[:COL]");
  ExplainTarget T;
  auto [File, Mid] = Rest.rsplit(':');
  if (!File.empty() && !Mid.getAsInteger(10, B) && B != 0) {
    T.File = File.str();
    T.Line = B;
    T.Column = A;
  } else {
    T.File = Rest.str();
    T.Line = A;
  }
  return T;
}

std::vector<const SharedAccessInfo *>
accessesAt(const ExplainTarget &T,
           ArrayRef<const SharedAccessInfo *> Accesses) {
  SmallString<256> Want(T.File);
  sys::fs::make_absolute(Want);
  sys::path::remove_dots(Want, /*remove_dot_dot=*/true);
  std::vector<const SharedAccessInfo *> Here;
  for (const SharedAccessInfo *I : Accesses)
    if (I->Loc.File == Want && I->Loc.Line == T.Line &&
        (!T.Column || I->Loc.Column <= T.Column))
      Here.push_back(I);
  // With a column, the access that starts closest before it.
  if (T.Column && !Here.empty()) {
    unsigned Best = 0;
    for (const SharedAccessInfo *I : Here)
      Best = std::max(Best, I->Loc.Column);
    llvm::erase_if(
        Here, [&](const SharedAccessInfo *I) { return I->Loc.Column != Best; });
  }
  return Here;
}

} // namespace warplint
