//===-- Config.cpp - .warplint.yaml, found upward from a source file ------===//
#include "warplint/Core/Config.h"
#include "warplint/Core/Checks.h"
#include "warplint/Core/InputFile.h"
#include "warplint/Core/Options.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"
#include <map>

using namespace llvm;

namespace warplint {

std::optional<FailOn> parseFailOn(StringRef S) {
  std::string L = S.trim().lower();
  if (L == "warning")
    return FailOn::Warning;
  if (L == "error")
    return FailOn::Error;
  if (L == "never")
    return FailOn::Never;
  return std::nullopt;
}

namespace {

/// Walks one YAML document, turning every problem into "path:line:col: msg".
class ConfigReader {
public:
  ConfigReader(StringRef Text, StringRef Path) : Path(Path.str()) {
    // yaml::Stream reports syntax errors through the SourceMgr; keep the
    // first one for our own one-line message instead of printing it.
    SM.setDiagHandler(
        [](const SMDiagnostic &D, void *Ctx) {
          auto *Self = static_cast<ConfigReader *>(Ctx);
          if (Self->SyntaxError.empty())
            Self->SyntaxError =
                (std::to_string(D.getLineNo()) + ":" +
                 std::to_string(D.getColumnNo() + 1) + ": " + D.getMessage())
                    .str();
        },
        this);
    StreamPtr = std::make_unique<yaml::Stream>(Text, SM, /*ShowColors=*/false);
  }

  Expected<FileConfig> read() {
    FileConfig C;
    C.Path = Path;
    auto DI = StreamPtr->begin();
    if (DI == StreamPtr->end())
      return C;
    yaml::Node *Root = DI->getRoot();
    if (StreamPtr->failed())
      return syntaxError();
    if (!Root || isa<yaml::NullNode>(Root))
      return C; // an empty file configures nothing
    auto *Map = dyn_cast<yaml::MappingNode>(Root);
    if (!Map)
      return error(Root, "expected a mapping of keys such as 'Checks:'");
    std::map<std::string, unsigned> Seen; // key -> its line
    for (yaml::KeyValueNode &KV : *Map) {
      if (StreamPtr->failed())
        return syntaxError();
      auto *KeyNode = dyn_cast_or_null<yaml::ScalarNode>(KV.getKey());
      if (!KeyNode)
        return error(KV.getKey(), "expected a key");
      SmallString<32> KeyBuf;
      StringRef Key = KeyNode->getValue(KeyBuf);
      // A key given twice: which one was meant is not known (YAML says a
      // mapping's keys are unique; the last one would silently win).
      unsigned Line =
          SM.getLineAndColumn(KeyNode->getSourceRange().Start).first;
      if (auto [It, New] = Seen.insert({Key.str(), Line}); !New)
        return error(KeyNode, "'" + Key + "' is given twice (first on line " +
                                  std::to_string(It->second) + ")");
      yaml::Node *Value = KV.getValue();
      if (Error E = readKey(C, Key, KeyNode, Value))
        return std::move(E);
    }
    if (StreamPtr->failed())
      return syntaxError();
    if (++DI != StreamPtr->end() && DI->getRoot() &&
        !isa<yaml::NullNode>(DI->getRoot()))
      return error(DI->getRoot(), "expected a single YAML document");
    return C;
  }

private:
  Error readKey(FileConfig &C, StringRef Key, yaml::Node *KeyNode,
                yaml::Node *Value) {
    if (Key == "Checks") {
      auto S = scalar(Value, Key);
      if (!S)
        return S.takeError();
      auto F = CheckFilter::parse(*S);
      if (!F)
        return error(Value, toString(F.takeError()));
      // A typo (`warplint-bank-conflct`) or `-*` alone would turn every
      // check off without a word.
      if (!F->any())
        return error(Value, "'Checks: " + *S +
                                "' enables no warplint check; see warplint "
                                "--list-checks" +
                                didYouMean(*S));
      // Beside a valid name, a typo still drops the check it meant.
      for (const std::string &U : unmatchedChecks(*S))
        C.Warnings.push_back(where(Value) + ": Checks: " + U);
      C.Checks = *S;
      return Error::success();
    }
    if (Key == "Archs" || Key == "Arch") {
      std::string Joined;
      if (auto *Seq = dyn_cast_or_null<yaml::SequenceNode>(Value)) {
        for (yaml::Node &N : *Seq) {
          auto S = scalar(&N, Key);
          if (!S)
            return S.takeError();
          if (auto One = parseArchList(*S); !One)
            return error(&N, toString(One.takeError()));
          Joined += (Joined.empty() ? "" : ",") + *S;
        }
      } else {
        auto S = scalar(Value, Key);
        if (!S)
          return S.takeError();
        Joined = *S;
      }
      auto A = parseArchList(Joined);
      if (!A)
        return error(Value, toString(A.takeError()));
      C.Archs = std::move(*A);
      return Error::success();
    }
    if (Key == "WarningsAsErrors") {
      auto S = scalar(Value, Key);
      if (!S)
        return S.takeError();
      if (auto F = CheckFilter::parse(*S); !F)
        return error(Value, toString(F.takeError()));
      for (const std::string &U : unmatchedChecks(*S))
        C.Warnings.push_back(where(Value) + ": WarningsAsErrors: " + U);
      C.WarningsAsErrors = *S;
      return Error::success();
    }
    if (Key == "FailOn") {
      auto S = scalar(Value, Key);
      if (!S)
        return S.takeError();
      auto F = parseFailOn(*S);
      if (!F)
        return error(Value,
                     "FailOn takes warning, error or never, not '" + *S + "'");
      C.FailOnLevel = *F;
      return Error::success();
    }
    if (Key == "Werror") {
      auto S = scalar(Value, Key);
      if (!S)
        return S.takeError();
      std::optional<bool> B = parseBool(*S);
      if (!B)
        return error(Value, "Werror takes true or false, not '" + *S + "'");
      C.Werror = *B;
      return Error::success();
    }
    if (Key == "Baseline") {
      auto S = scalar(Value, Key);
      if (!S)
        return S.takeError();
      SmallString<256> P(*S);
      if (!sys::path::is_absolute(P) && !Path.empty()) {
        SmallString<256> Dir(sys::path::parent_path(Path));
        sys::path::append(Dir, P);
        P = Dir;
      }
      sys::path::remove_dots(P, /*remove_dot_dot=*/true);
      C.Baseline = std::string(P);
      return Error::success();
    }
    if (Key == "MinOccupancy")
      return checkOption(C, "warplint-occupancy.MinOccupancy", Value, Key);
    if (Key == "BlockDim")
      return checkOption(C, "warplint-bank-conflict.BlockDim", Value, Key);
    if (Key == "CheckOptions") {
      // A mapping "check.Option: value", or clang-tidy's older list of
      // {key: ..., value: ...} entries.
      if (auto *M = dyn_cast_or_null<yaml::MappingNode>(Value)) {
        for (yaml::KeyValueNode &KV : *M) {
          auto K = scalar(KV.getKey(), "CheckOptions key");
          if (!K)
            return K.takeError();
          if (Error E = checkOption(C, *K, KV.getValue(), *K))
            return E;
        }
        return Error::success();
      }
      if (auto *Seq = dyn_cast_or_null<yaml::SequenceNode>(Value)) {
        for (yaml::Node &N : *Seq) {
          auto *Entry = dyn_cast<yaml::MappingNode>(&N);
          if (!Entry)
            return error(&N, "expected 'key:' and 'value:'");
          std::optional<std::string> K;
          yaml::Node *V = nullptr;
          for (yaml::KeyValueNode &KV : *Entry) {
            auto Name = scalar(KV.getKey(), "CheckOptions entry");
            if (!Name)
              return Name.takeError();
            if (*Name == "key") {
              auto S = scalar(KV.getValue(), "key");
              if (!S)
                return S.takeError();
              K = *S;
            } else if (*Name == "value") {
              V = KV.getValue();
            } else {
              return error(KV.getKey(), "unknown key '" + *Name +
                                            "' in a CheckOptions entry");
            }
          }
          if (!K || !V)
            return error(&N, "a CheckOptions entry needs 'key:' and 'value:'");
          if (Error E = checkOption(C, *K, V, *K))
            return E;
        }
        return Error::success();
      }
      return error(Value, "CheckOptions takes a mapping of "
                          "'check.Option: value'");
    }
    return error(KeyNode,
                 "unknown key '" + Key.str() +
                     "'; known: Checks, Archs, MinOccupancy, BlockDim, "
                     "WarningsAsErrors, FailOn, Werror, Baseline, "
                     "CheckOptions");
  }

  Error checkOption(FileConfig &C, StringRef Key, yaml::Node *Value,
                    StringRef What) {
    auto S = scalar(Value, What);
    if (!S)
      return S.takeError();
    Options Probe;
    if (Error E = Probe.setCheckOption((Key + "=" + *S).str()))
      return error(Value, toString(std::move(E)));
    for (auto &KV : C.CheckOptions)
      if (KV.first == Key) {
        KV.second = *S;
        return Error::success();
      }
    C.CheckOptions.emplace_back(Key.str(), *S);
    return Error::success();
  }

  Expected<std::string> scalar(yaml::Node *N, StringRef What) {
    auto *S = dyn_cast_or_null<yaml::ScalarNode>(N);
    if (!S) {
      if (auto *B = dyn_cast_or_null<yaml::BlockScalarNode>(N))
        return B->getValue().trim().str();
      return error(N, (What + " takes a single value").str());
    }
    SmallString<64> Buf;
    return S->getValue(Buf).str();
  }

  std::string where(yaml::Node *N) {
    std::string Where = Path.empty() ? std::string(ConfigFileName) : Path;
    if (N) {
      SMLoc L = N->getSourceRange().Start;
      if (L.isValid()) {
        auto LC = SM.getLineAndColumn(L);
        Where +=
            ":" + std::to_string(LC.first) + ":" + std::to_string(LC.second);
      }
    }
    return Where;
  }

  Error error(yaml::Node *N, const Twine &Msg) {
    return createStringError(where(N) + ": " + Msg.str());
  }

  Error syntaxError() {
    std::string Where = Path.empty() ? std::string(ConfigFileName) : Path;
    return createStringError(
        Where + ":" +
        (SyntaxError.empty() ? std::string(" not valid YAML") : SyntaxError));
  }

  std::string Path;
  SourceMgr SM;
  std::unique_ptr<yaml::Stream> StreamPtr;

  std::string SyntaxError;
};

} // namespace

std::optional<std::string> tooDeeplyNested(StringRef Text) {
  unsigned Depth = 0, Line = 1;
  char Quote = 0;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\n')
      ++Line;
    if (Quote) {
      if (C == '\\' && Quote == '"')
        ++I; // an escaped character
      else if (C == Quote)
        Quote = 0;
      continue;
    }
    if (C == '"' || C == '\'')
      Quote = C;
    else if (C == '[' || C == '{') {
      if (++Depth > MaxNesting)
        return "line " + std::to_string(Line) + ": nested deeper than " +
               std::to_string(MaxNesting) + " levels";
    } else if ((C == ']' || C == '}') && Depth)
      --Depth;
  }
  return std::nullopt;
}

Expected<FileConfig> parseConfig(StringRef Text, StringRef Path) {
  if (auto Deep = tooDeeplyNested(Text))
    return createStringError(
        (Path.empty() ? std::string(ConfigFileName) : Path.str()) + ": " +
        *Deep);
  // A binary file (a NUL byte, or not UTF-8) is not an empty configuration.
  if (Text.contains('\0') || !llvm::json::isUTF8(Text))
    return createStringError(
        (Path.empty() ? std::string(ConfigFileName) : Path.str()) +
        ": not a text file (a NUL byte or invalid UTF-8)");
  // yaml::Stream prints its own syntax errors through the SourceMgr; keep
  // them out of the user's terminal and report one line instead.
  ConfigReader R(Text, Path);
  return R.read();
}

Expected<FileConfig> readConfigFile(StringRef Path) {
  SmallString<256> Abs(Path);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  Expected<std::string> Text =
      readInputFile(Abs, MaxConfigBytes, "a configuration file");
  if (!Text)
    return createStringError("cannot read " + std::string(Abs) + ": " +
                             toString(Text.takeError()));
  return parseConfig(*Text, Abs);
}

Expected<std::optional<FileConfig>> findConfigFor(StringRef SourceFile) {
  SmallString<256> Dir(SourceFile);
  sys::fs::make_absolute(Dir);
  sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
  if (!sys::fs::is_directory(Dir))
    sys::path::remove_filename(Dir);
  for (StringRef D = Dir; !D.empty(); D = sys::path::parent_path(D)) {
    SmallString<256> Candidate(D);
    sys::path::append(Candidate, ConfigFileName);
    // Whatever is there, even a symbolic link that loops or dangles: a
    // configuration that cannot be read is said, not skipped.
    sys::fs::file_status St;
    if (!sys::fs::status(Candidate, St, /*follow=*/false)) {
      auto C = readConfigFile(Candidate);
      if (!C)
        return C.takeError();
      return std::optional<FileConfig>(std::move(*C));
    }
  }
  return std::optional<FileConfig>();
}

Error applyConfig(const FileConfig &C, Options &O,
                  const CommandLineSet &Given) {
  if (C.Checks && !Given.Checks) {
    auto F = CheckFilter::parse(*C.Checks);
    if (!F)
      return F.takeError();
    O.Checks = *F;
  }
  if (C.Archs && !Given.Archs) {
    O.Archs = *C.Archs;
    O.ArchsGiven = true;
  }
  for (const auto &[Key, Value] : C.CheckOptions) {
    if (is_contained(Given.CheckOptionKeys, Key))
      continue;
    if (Error E = O.setCheckOption(Key + "=" + Value))
      return E;
  }
  return Error::success();
}

} // namespace warplint
