//===-- PtxasReport.cpp - What ptxas says about each function -------------===//
//
// The lines ptxas prints with -v (CUDA 13; older releases print a subset),
// each "ptxas <kind> : <message>" but the property lines:
//
//   ptxas info    : 4 bytes gmem, 64 bytes cmem[3]          a module starts
//   ptxas info    : Compiling entry function '_Z1kPf' for 'sm_80'
//   ptxas info    : Function properties for _Z1kPf           kernel or device
//       0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
//   ptxas info    : Used 12 registers, used 1 barriers, 2176 bytes smem,
//                   1552 bytes cumulative stack size, 360 bytes cmem[0]
//   ptxas info    : Compile time = 24.586 ms
//   ptxas info    : Overriding maximum register limit 256 for '...' with ...
//   ptxas warning : ...        ptxas error   : ...        ptxas fatal   : ...
//
// A "Function properties" line for a function that was not just compiled as
// an entry is a device function (not inlined), of the module's architecture.
//
// Lines that show the report is damaged or cut short are errors, because they
// would otherwise leave a kernel unchecked or with wrong numbers: a count no
// GPU has or that is not a number, a resource or property line with no
// function before it, an entry line without its name or architecture, a
// "Function properties" line without its property line, and an entry function
// whose "Used N registers" line never comes. Lines the parser does not know
// (another tool's output, a new kind of ptxas info) are only "unrecognized".
//
//===----------------------------------------------------------------------===//
#include "warplint/Ptxas/PtxasReport.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include <cstdlib>
#include <map>

using namespace llvm;

namespace warplint::ptxas {

StringRef Diagnostic::kindName(Kind K) {
  switch (K) {
  case Error:
    return "error";
  case Warning:
    return "warning";
  case Note:
    return "note";
  case Unrecognized:
    return "unrecognized";
  }
  return "unrecognized";
}

unsigned Report::count(Diagnostic::Kind K) const {
  return count_if(Diagnostics, [K](const Diagnostic &D) { return D.K == K; });
}

const Function *Report::find(StringRef Name, StringRef Arch) const {
  for (const Function &F : Functions)
    if ((Arch.empty() || F.Arch == Arch) &&
        (F.Mangled == Name || F.Name == Name || F.BaseName == Name))
      return &F;
  return nullptr;
}

// Takes ownership of a buffer of the demangler.
static std::string takeString(char *Buf) {
  std::string S = Buf ? Buf : "";
  std::free(Buf);
  return S;
}

void demangleInto(Function &F) {
  F.Demangled = F.Name = F.BaseName = F.Mangled;
  F.TemplateArgs.clear();
  ItaniumPartialDemangler D;
  if (D.partialDemangle(F.Mangled.c_str()))
    return; // extern "C", or not a mangled name
  F.Demangled = takeString(D.finishDemangle(nullptr, nullptr));
  if (!D.isFunction()) {
    F.Name = F.BaseName = F.Demangled;
    return;
  }
  F.Name = takeString(D.getFunctionName(nullptr, nullptr));
  std::string Context =
      takeString(D.getFunctionDeclContextName(nullptr, nullptr));
  std::string Base = takeString(D.getFunctionBaseName(nullptr, nullptr));
  F.BaseName = Context.empty() ? Base : Context + "::" + Base;
  if (StringRef(F.Name).starts_with(F.BaseName))
    F.TemplateArgs = F.Name.substr(F.BaseName.size());
}

namespace {
class Parser {
public:
  Report R;

  void line(StringRef Raw, unsigned No);
  void finish();
  /// Whether the text held anything the parser understood.
  bool sawReport() const;

private:
  std::optional<size_t> Current; ///< the function Used/Compile time go to
  std::optional<size_t> Props;   ///< the function of the next property line
  unsigned PropsLine = 0;        ///< where Props's "Function properties" is
  bool CurrentHasProps = false;
  std::vector<size_t> ModuleOf; ///< per function: index into R.Modules
  /// Per function: whether a Used line gave its register count (or a bad
  /// one, already an error).
  std::vector<bool> RegistersSeen;
  std::string ModuleArch;

  void diag(Diagnostic::Kind K, unsigned No, const Twine &Msg) {
    R.Diagnostics.push_back({K, No, Msg.str()});
  }
  size_t addFunction(StringRef Mangled, StringRef Arch, bool Kernel,
                     unsigned No);
  void info(StringRef Msg, unsigned No);
  void usedLine(StringRef Msg, unsigned No);
  void moduleLine(StringRef Msg, unsigned No);
  void propertyLine(StringRef L, unsigned No);
};
} // namespace

/// "N bytes WHAT" into N and WHAT.
static bool bytesItem(StringRef Item, uint64_t &N, StringRef &What) {
  auto [Num, Rest] = Item.trim().split(' ');
  Rest = Rest.trim();
  if (Num.getAsInteger(10, N) || !Rest.consume_front("bytes"))
    return false;
  What = Rest.trim();
  return true;
}

/// Whether Item is "N bytes WHAT" for one of Nouns (or a cmem[N] bank when
/// Nouns holds "cmem") whose N is not a byte count: negative, too large, not
/// a number.
static bool badBytesItem(StringRef Item, ArrayRef<StringRef> Nouns) {
  auto [Num, Rest] = Item.trim().split(' ');
  Rest = Rest.trim();
  uint64_t N;
  if (!Rest.consume_front("bytes") || !Num.getAsInteger(10, N))
    return false;
  StringRef What = Rest.trim();
  return is_contained(Nouns, What) ||
         (is_contained(Nouns, "cmem") && What.starts_with("cmem["));
}

/// "cmem[3]" into 3.
static bool cmemBank(StringRef What, unsigned &Bank) {
  return What.consume_front("cmem[") && What.consume_back("]") &&
         !What.getAsInteger(10, Bank);
}

size_t Parser::addFunction(StringRef Mangled, StringRef Arch, bool Kernel,
                           unsigned No) {
  Function F;
  F.Mangled = Mangled.str();
  F.Arch = Arch.str();
  F.IsKernel = Kernel;
  F.Line = No;
  demangleInto(F);
  R.Functions.push_back(std::move(F));
  ModuleOf.push_back(R.Modules.empty() ? ~size_t(0) : R.Modules.size() - 1);
  RegistersSeen.push_back(false);
  return R.Functions.size() - 1;
}

/// The error of a "Function properties" line whose property line did not
/// follow it.
static std::string missingProperties(StringRef Name) {
  return ("no stack frame and spill line after 'Function properties for " +
          Name + "' (a truncated or damaged report)")
      .str();
}

/// Whether L is ptxas's property line, "N bytes stack frame, ...", with a
/// number or not.
static bool isPropertyLine(StringRef L) {
  auto [Num, Rest] = L.split(',').first.trim().split(' ');
  Rest = Rest.trim();
  return !Num.empty() && Rest.consume_front("bytes") &&
         Rest.trim() == "stack frame";
}

void Parser::line(StringRef Raw, unsigned No) {
  StringRef L = Raw.trim();
  if (L.empty())
    return;
  if (isPropertyLine(L))
    return propertyLine(L, No);
  if (Props) {
    diag(Diagnostic::Error, PropsLine,
         missingProperties(R.Functions[*Props].Mangled));
    Props.reset();
  }
  StringRef Rest = L;
  if (Rest.consume_front("ptxas") && !Rest.empty() && isSpace(Rest.front())) {
    auto [Head, Msg] = Rest.split(':');
    Head = Head.trim();
    Msg = Msg.trim();
    if (Head == "info")
      return info(Msg, No);
    if (Head == "warning")
      return diag(Diagnostic::Warning, No, Msg);
    if (Head == "error" || Head == "fatal")
      return diag(Diagnostic::Error, No, Msg);
  }
  diag(Diagnostic::Unrecognized, No, L);
}

void Parser::info(StringRef Msg, unsigned No) {
  if (Msg.consume_front("Compiling entry function ")) {
    // 'NAME' for 'sm_XX'
    StringRef Name, Arch;
    if (Msg.consume_front("'")) {
      std::tie(Name, Msg) = Msg.split('\'');
      Msg = Msg.trim();
      if (Msg.consume_front("for '"))
        Arch = Msg.split('\'').first;
    }
    if (Name.empty() || Arch.empty()) {
      // The Used line that follows belongs to a function we cannot name:
      // it must not go to the previous one.
      Current.reset();
      return diag(Diagnostic::Error, No,
                  "malformed entry line: Compiling entry function " + Msg);
    }
    ModuleArch = Arch.str();
    if (!R.Modules.empty() && R.Modules.back().Arch.empty())
      R.Modules.back().Arch = ModuleArch;
    Current = addFunction(Name, Arch, /*Kernel=*/true, No);
    Props.reset();
    CurrentHasProps = false;
    return;
  }
  if (Msg.consume_front("Function properties for")) {
    StringRef Name = Msg.trim().trim('\'');
    if (Name.empty()) {
      Current.reset();
      return diag(Diagnostic::Error, No,
                  "function properties line without a name");
    }
    if (Current && !CurrentHasProps && R.Functions[*Current].Mangled == Name) {
      Props = Current;
    } else {
      Current = Props = addFunction(Name, ModuleArch, /*Kernel=*/false, No);
    }
    CurrentHasProps = true;
    PropsLine = No;
    return;
  }
  if (Msg.starts_with("Used "))
    return usedLine(Msg, No);
  if (Msg.consume_front("Compile time =")) {
    double Ms;
    StringRef Num = Msg.trim();
    Num.consume_back("ms");
    if (Num.trim().getAsDouble(Ms) || !Current)
      return diag(Diagnostic::Unrecognized, No, "Compile time =" + Msg);
    R.Functions[*Current].CompileTimeMs = Ms;
    return;
  }
  if (Msg.contains("bytes gmem"))
    return moduleLine(Msg, No);
  if (Msg.starts_with("Overriding "))
    return diag(Diagnostic::Note, No, Msg);
  diag(Diagnostic::Unrecognized, No, "ptxas info: " + Msg);
}

void Parser::usedLine(StringRef Msg, unsigned No) {
  if (!Current)
    return diag(Diagnostic::Error, No,
                "resource line before any function: " + Msg);
  Function &F = R.Functions[*Current];
  SmallVector<StringRef, 6> Items;
  Msg.split(Items, ',', -1, /*KeepEmpty=*/false);
  for (StringRef Item : Items) {
    Item = Item.trim();
    uint64_t N;
    StringRef What;
    StringRef Counted = Item;
    // "Used 12 registers", "used 1 barriers"
    if (Counted.consume_front("Used ") || Counted.consume_front("used ")) {
      auto [Num, Noun] = Counted.split(' ');
      bool Regs = Noun == "registers" || Noun == "register";
      bool Bars = Noun == "barriers" || Noun == "barrier";
      // No GPU has more than 255 registers per thread or 16 barriers per
      // block: a larger or negative count is a damaged report, not a
      // kernel to leave unchecked without a word.
      uint64_t Most = Regs ? 255 : 16;
      bool Unsigned = !Num.getAsInteger(10, N);
      if (Regs)
        RegistersSeen[*Current] = true;
      if ((Regs || Bars) && (!Unsigned || N > Most)) {
        diag(Diagnostic::Error, No,
             "bad " + std::string(Regs ? "register" : "barrier") + " count '" +
                 Num.str() + "' for " + F.Mangled + " (at most " +
                 std::to_string(Most) + ")");
        continue;
      }
      if (Regs && Unsigned) {
        F.Registers = unsigned(N);
        continue;
      }
      if (Bars && Unsigned) {
        F.Barriers = unsigned(N);
        continue;
      }
    } else if (bytesItem(Item, N, What)) {
      unsigned Bank;
      if (What == "smem") {
        F.Smem = N;
        continue;
      }
      if (What == "lmem") {
        F.Lmem = N;
        continue;
      }
      if (What == "cumulative stack size") {
        F.CumulativeStack = N;
        continue;
      }
      if (cmemBank(What, Bank)) {
        F.Cmem.push_back({Bank, N});
        continue;
      }
    }
    static const StringRef Sized[] = {"smem", "lmem", "cumulative stack size",
                                      "cmem"};
    if (badBytesItem(Item, Sized)) {
      diag(Diagnostic::Error, No,
           "bad byte count in '" + Item + "' for " + F.Mangled);
      continue;
    }
    diag(Diagnostic::Unrecognized, No,
         "unknown resource '" + Item + "' for " + F.Mangled);
  }
}

void Parser::moduleLine(StringRef Msg, unsigned No) {
  Module M;
  M.Line = No;
  SmallVector<StringRef, 4> Items;
  Msg.split(Items, ',', -1, /*KeepEmpty=*/false);
  for (StringRef Item : Items) {
    uint64_t N;
    StringRef What;
    unsigned Bank;
    if (bytesItem(Item, N, What)) {
      if (What == "gmem") {
        M.Gmem = N;
        continue;
      }
      if (cmemBank(What, Bank)) {
        M.Cmem.push_back({Bank, N});
        continue;
      }
    }
    diag(Diagnostic::Unrecognized, No,
         "unknown module resource '" + Item.trim() + "'");
  }
  R.Modules.push_back(std::move(M));
  ModuleArch.clear();
  Current.reset();
  Props.reset();
}

void Parser::propertyLine(StringRef L, unsigned No) {
  if (!Props)
    return diag(Diagnostic::Error, No,
                "function properties without a function: " + L);
  Function &F = R.Functions[*Props];
  SmallVector<StringRef, 4> Items;
  L.split(Items, ',', -1, /*KeepEmpty=*/false);
  for (StringRef Item : Items) {
    uint64_t N;
    StringRef What;
    if (bytesItem(Item, N, What)) {
      if (What == "stack frame") {
        F.StackFrame = N;
        continue;
      }
      if (What == "spill stores") {
        F.SpillStores = N;
        continue;
      }
      if (What == "spill loads") {
        F.SpillLoads = N;
        continue;
      }
    }
    static const StringRef Sized[] = {"stack frame", "spill stores",
                                      "spill loads"};
    if (badBytesItem(Item, Sized)) {
      diag(Diagnostic::Error, No,
           "bad byte count in '" + Item.trim() + "' for " + F.Mangled);
      continue;
    }
    diag(Diagnostic::Unrecognized, No,
         "unknown function property '" + Item.trim() + "' for " + F.Mangled);
  }
  Props.reset();
}

bool Parser::sawReport() const {
  return !R.Functions.empty() || !R.Modules.empty() ||
         any_of(R.Diagnostics, [](const Diagnostic &D) {
           return D.K != Diagnostic::Unrecognized;
         });
}

void Parser::finish() {
  if (Props) {
    diag(Diagnostic::Error, PropsLine,
         missingProperties(R.Functions[*Props].Mangled));
    Props.reset();
  }
  // Every entry function gets a Used line: one without is the end of a
  // report cut short (or a damaged one), and its kernel would go unchecked.
  for (size_t I = 0; I < R.Functions.size(); ++I) {
    const Function &F = R.Functions[I];
    if (F.IsKernel && !RegistersSeen[I])
      diag(Diagnostic::Error, F.Line,
           "no 'Used N registers' line for entry function " + F.Mangled +
               (F.Arch.empty() ? "" : " for " + F.Arch) +
               " (a truncated or damaged report)");
  }
  // A device function printed before the module's first entry learns the
  // module's architecture now.
  for (size_t I = 0; I < R.Functions.size(); ++I)
    if (R.Functions[I].Arch.empty() && ModuleOf[I] < R.Modules.size())
      R.Functions[I].Arch = R.Modules[ModuleOf[I]].Arch;
  markContradictions(R);
  llvm::stable_sort(
      R.Diagnostics,
      [](const Diagnostic &A, const Diagnostic &B) { return A.Line < B.Line; });
}

/// The resources of an entry, for a message: "32 registers, 1024 bytes
/// smem" (the registers, then what is not zero).
static std::string resources(const Function &F) {
  std::string S;
  auto Add = [&](const std::optional<uint64_t> &V, StringRef What) {
    if (!V || (!*V && !S.empty()))
      return;
    if (!S.empty())
      S += ", ";
    S += std::to_string(*V) + " " + What.str();
  };
  Add(F.Registers ? std::optional<uint64_t>(*F.Registers) : std::nullopt,
      "registers");
  Add(F.Barriers ? std::optional<uint64_t>(*F.Barriers) : std::nullopt,
      "barriers");
  Add(F.Smem, "bytes smem");
  Add(F.StackFrame, "bytes stack frame");
  Add(F.SpillStores, "bytes spill stores");
  Add(F.SpillLoads, "bytes spill loads");
  return S.empty() ? "no resources" : S;
}

void markContradictions(Report &R) {
  // Reports appended across builds hold a function twice: the same entry
  // twice is harmless, two different ones make any choice a guess. So do
  // objects that hold two builds of a kernel for one architecture.
  auto Same = [](const Function &A, const Function &B) {
    return A.Registers == B.Registers && A.Barriers == B.Barriers &&
           A.StackFrame == B.StackFrame && A.SpillStores == B.SpillStores &&
           A.SpillLoads == B.SpillLoads && A.Smem == B.Smem &&
           A.Lmem == B.Lmem && A.CumulativeStack == B.CumulativeStack &&
           A.Cmem == B.Cmem;
  };
  std::map<std::pair<std::string, std::string>, size_t> First;
  for (size_t I = 0; I < R.Functions.size(); ++I) {
    Function &F = R.Functions[I];
    auto [It, New] = First.insert({{F.Mangled, F.Arch}, I});
    if (New)
      continue;
    Function &Earlier = R.Functions[It->second];
    if (Same(Earlier, F) || F.IsKernel != Earlier.IsKernel)
      continue;
    if (!Earlier.Contradicted)
      // Said once per function and architecture, at the first contradiction.
      R.Diagnostics.push_back(
          {Diagnostic::Error, F.Line,
           (F.Line ? "the report contradicts itself: "
                   : "the object contradicts itself: ") +
               std::string(F.IsKernel ? "entry function " : "function ") +
               F.Mangled + (F.Arch.empty() ? "" : " for " + F.Arch) + " has " +
               resources(F) +
               (F.Line ? " here and " + resources(Earlier) + " on line " +
                             std::to_string(Earlier.Line) +
                             " (reports of several builds appended?)"
                       : " in one entry and " + resources(Earlier) +
                             " in another") +
               "; neither is used"});
    Earlier.Contradicted = F.Contradicted = true;
  }
}

Expected<Report> parseReport(StringRef Text) {
  Parser P;
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (size_t I = 0; I < Lines.size(); ++I)
    P.line(Lines[I], unsigned(I + 1));
  P.finish();
  if (!P.sawReport())
    return createStringError(
        "no ptxas report in the input: expected the output of "
        "'nvcc -Xptxas -v', 'nvcc --resource-usage' or 'ptxas -v'");
  return std::move(P.R);
}

ReportProblems reportProblems(StringRef File, StringRef Text,
                              unsigned MaxLines) {
  ReportProblems P;
  auto R = parseReport(Text);
  if (!R) {
    P.Unusable = true;
    P.Lines.push_back("'" + File.str() +
                      "' is not a ptxas report: " + toString(R.takeError()));
    return P;
  }
  for (const Diagnostic &D : R->Diagnostics) {
    if (D.K != Diagnostic::Error)
      continue;
    if (++P.Errors <= MaxLines)
      P.Lines.push_back(File.str() + ":" + std::to_string(D.Line) + ": " +
                        D.Message);
  }
  if (P.Errors > MaxLines)
    P.Lines.push_back(File.str() + ": " + std::to_string(P.Errors - MaxLines) +
                      " more error" + (P.Errors - MaxLines == 1 ? "" : "s"));
  return P;
}

} // namespace warplint::ptxas
