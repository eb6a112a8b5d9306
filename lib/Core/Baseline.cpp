//===-- Baseline.cpp - Known findings, reported no more -------------------===//
#include "warplint/Core/Baseline.h"
#include "warplint/Core/Config.h"
#include "warplint/Core/InputFile.h"
#include "warplint/Core/SourceText.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/ToolOutputFile.h"
#include <limits>

using namespace llvm;

namespace warplint {

/// Absolute, without dots, and with symbolic links resolved when the path
/// exists: the same checkout reached through a link gives the same keys.
static std::string canonical(StringRef P) {
  SmallString<256> Abs(P);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  SmallString<256> Real;
  if (!sys::fs::real_path(Abs, Real))
    return std::string(Real);
  return std::string(Abs);
}

std::string relativePath(StringRef Path, StringRef Dir) {
  std::string P = canonical(Path), D = canonical(Dir);
  SmallVector<StringRef, 16> PC, DC;
  for (auto I = sys::path::begin(P), E = sys::path::end(P); I != E; ++I)
    PC.push_back(*I);
  for (auto I = sys::path::begin(D), E = sys::path::end(D); I != E; ++I)
    DC.push_back(*I);
  size_t Common = 0;
  while (Common < PC.size() && Common < DC.size() && PC[Common] == DC[Common])
    ++Common;
  // Sharing the root alone ("/usr/..." against "/home/...") says nothing
  // about the checkout: keep the path absolute.
  if (Common <= 1)
    return sys::path::convert_to_slash(P);
  std::string Out;
  for (size_t I = Common; I < DC.size(); ++I)
    Out += "../";
  for (size_t I = Common; I < PC.size(); ++I)
    Out += PC[I].str() + (I + 1 < PC.size() ? "/" : "");
  return sys::path::convert_to_slash(Out);
}

std::string normalizeSnippet(StringRef Line) {
  std::string Out;
  bool Blank = false;
  for (char C : Line.trim()) {
    if (isSpace(C)) {
      Blank = true;
      continue;
    }
    if (Blank)
      Out += ' ';
    Blank = false;
    Out += C;
  }
  return Out;
}

std::string normalizeMessage(StringRef Message) {
  // clang names unnamed entities by where they are written.
  static const Regex Anon("\\((lambda|unnamed [a-z]+|anonymous [a-z]+) at "
                          "[^)]*:[0-9]+:[0-9]+\\)");
  // Whether a finding names its template instantiation depends on the other
  // instantiations (CheckContext::takeFindings): adding one must not make the
  // others new.
  static const Regex Instantiation(" \\(in instantiation '.*'\\)$");
  std::string S = Message.str();
  SmallVector<StringRef, 2> M;
  while (Anon.match(S, &M)) {
    size_t At = M[0].data() - S.data();
    S.replace(At, M[0].size(), "(" + M[1].str() + ")");
  }
  if (Instantiation.match(S, &M))
    S.erase(M[0].data() - S.data());
  return S;
}

std::string snippetKey(StringRef Line) {
  return takeFrontChars(normalizeSnippet(Line), MaxSnippetKeyBytes).str();
}

/// S as the baseline file holds it: JSON strings are UTF-8, and the
/// writer replaces each byte that is not with U+FFFD (a source line in
/// Latin-1, a line cut inside a character), so the key does too.
static std::string asWritten(std::string S) {
  return json::isUTF8(S) ? S : json::fixUTF8(S);
}

BaselineKey baselineKey(const Finding &F, StringRef Dir) {
  bool Window = F.SourceLineBegin > 0 || F.SourceLineCut;
  return {asWritten(F.Check), asWritten(relativePath(F.Loc.File, Dir)),
          asWritten(normalizeMessage(F.Function)),
          asWritten(Window ? F.LineHead : snippetKey(F.SourceLine)),
          asWritten(normalizeMessage(F.Message))};
}

std::string baselineText(ArrayRef<Finding> Findings, StringRef Dir) {
  std::map<BaselineKey, unsigned> Counts;
  for (const Finding &F : Findings)
    ++Counts[baselineKey(F, Dir)];
  return baselineText(Counts);
}

std::string baselineText(const std::map<BaselineKey, unsigned> &Counts) {
  json::Array Entries;
  for (const auto &[K, N] : Counts)
    if (N)
      Entries.push_back(json::Object{{"check", K.Check},
                                     {"count", N},
                                     {"file", K.File},
                                     {"function", K.Function},
                                     {"message", K.Message},
                                     {"snippet", K.Snippet}});
  json::Object Root{{"version", BaselineVersion},
                    {"findings", std::move(Entries)}};
  return formatv("{0:2}", json::Value(std::move(Root))).str() + "\n";
}

Error writeBaseline(ArrayRef<Finding> Findings, StringRef Path) {
  SmallString<256> Abs(Path);
  sys::fs::make_absolute(Abs);
  std::error_code EC;
  ToolOutputFile Out(Abs, EC, sys::fs::OF_Text);
  if (EC)
    return createStringError("cannot write the baseline '" + Path.str() +
                             "': " + EC.message());
  Out.os() << baselineText(Findings, sys::path::parent_path(Abs));
  Out.os().flush();
  if (Out.os().has_error()) {
    // Cleared, or the stream would end the process ("IO failure on output
    // stream"); a half-written file is removed when not kept, a device
    // (/dev/full) is kept: it must not be removed.
    std::string Why = Out.os().error().message();
    Out.os().clear_error();
    if (!sys::fs::is_regular_file(Abs))
      Out.keep();
    return createStringError("cannot write the baseline '" + Path.str() +
                             "': " + Why);
  }
  Out.keep();
  return Error::success();
}

Expected<Baseline> Baseline::parse(StringRef Text, StringRef Dir,
                                   StringRef Path) {
  auto Fail = [&](const Twine &Why) {
    return createStringError("'" + Path.str() +
                             "' is not a warplint baseline: " + Why.str());
  };
  if (auto Deep = tooDeeplyNested(Text))
    return Fail(*Deep);
  Expected<json::Value> V = json::parse(Text);
  if (!V)
    return Fail(toString(V.takeError()));
  const json::Object *Root = V->getAsObject();
  if (!Root)
    return Fail("expected a JSON object");
  const json::Value *VersionValue = Root->get("version");
  if (!VersionValue)
    return Fail("no \"version\"");
  std::optional<int64_t> Version = VersionValue->getAsInteger();
  if (!Version) {
    // Say what it is: "1" is a string, not the number 1.
    StringRef Kind =
        VersionValue->kind() == json::Value::String    ? "a string"
        : VersionValue->kind() == json::Value::Number  ? "not a whole number"
        : VersionValue->kind() == json::Value::Boolean ? "a boolean"
        : VersionValue->kind() == json::Value::Null    ? "null"
        : VersionValue->kind() == json::Value::Array   ? "an array"
                                                       : "an object";
    return Fail("\"version\" is " + Kind + "; it should be the number " +
                Twine(BaselineVersion));
  }
  if (*Version != BaselineVersion)
    return Fail("version " + Twine(*Version) + ", this warplint reads " +
                Twine(BaselineVersion));
  const json::Array *Entries = Root->getArray("findings");
  if (!Entries)
    return Fail("no \"findings\" list");
  Baseline B;
  B.Path = Path.str();
  B.Dir = Dir.str();
  for (size_t I = 0; I < Entries->size(); ++I) {
    const json::Object *E = (*Entries)[I].getAsObject();
    std::string Where = "findings[" + std::to_string(I) + "]";
    if (!E)
      return Fail(Where + " is not an object");
    BaselineKey K;
    for (auto [Name, Field, Required] :
         {std::tuple<StringRef, std::string *, bool>{"check", &K.Check, true},
          {"file", &K.File, true},
          {"function", &K.Function, false},
          {"snippet", &K.Snippet, false},
          {"message", &K.Message, true}}) {
      if (const json::Value *F = E->get(Name)) {
        std::optional<StringRef> S = F->getAsString();
        if (!S)
          return Fail(Where + "." + Name + " is not a string");
        *Field = S->str();
      } else if (Required) {
        return Fail(Where + " has no \"" + Name + "\"");
      }
    }
    // A baseline written before snippets were bounded holds whole lines:
    // bounded the same way, they still match.
    K.Snippet = takeFrontChars(K.Snippet, MaxSnippetKeyBytes).str();
    int64_t Count = 1;
    if (const json::Value *C = E->get("count")) {
      std::optional<int64_t> N = C->getAsInteger();
      if (!N || *N < 1)
        return Fail(Where + ".count is not a positive integer");
      Count = *N;
    }
    // The counts are held as unsigned: counts that add up past it are no
    // baseline a run wrote (found by fuzz-baseline; they used to wrap).
    constexpr unsigned Most = std::numeric_limits<unsigned>::max();
    if (Count > int64_t(Most - B.Total))
      return Fail(Where + ".count makes the counts add up to more than " +
                  std::to_string(Most));
    B.Counts[K] += Count;
    B.Total += Count;
  }
  return B;
}

Expected<Baseline> Baseline::read(StringRef Path) {
  SmallString<256> Abs(Path);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  Expected<std::string> Text =
      readInputFile(Abs, MaxBaselineBytes, "a baseline");
  if (!Text)
    return createStringError("cannot read the baseline '" + Path.str() +
                             "': " + toString(Text.takeError()));
  return parse(*Text, sys::path::parent_path(Abs), Abs);
}

bool Baseline::take(const Finding &F) {
  auto It = Counts.find(baselineKey(F, Dir));
  if (It == Counts.end() || It->second == 0)
    return false;
  --It->second;
  return true;
}

unsigned Baseline::remaining() const {
  unsigned N = 0;
  for (const auto &KV : Counts)
    N += KV.second;
  return N;
}

} // namespace warplint
