//===-- Options.cpp - Options shared by every front end -------------------===//
#include "warplint/Core/Options.h"
#include "warplint/Core/InputFile.h"
#include "warplint/Model/SmArch.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace warplint {

std::optional<bool> parseBool(StringRef V) {
  std::string L = V.trim().lower();
  if (L == "true" || L == "1" || L == "yes" || L == "on")
    return true;
  if (L == "false" || L == "0" || L == "no" || L == "off")
    return false;
  return std::nullopt;
}

// The compute capabilities of CUDA's documented range, 5.0 to 12.1: the rows
// of the SM table.
static const StringLiteral Archs[] = {
#define WARPLINT_SM_ARCH(NAME, ...) NAME,
#include "warplint/Model/SmArch.def"
};

ArrayRef<StringLiteral> knownArchs() { return Archs; }

Expected<std::vector<std::string>> parseArchList(StringRef List) {
  std::vector<std::string> Out;
  SmallVector<StringRef, 4> Parts;
  List.split(Parts, ',', -1, /*KeepEmpty=*/false);
  for (StringRef P : Parts) {
    StringRef A = P.trim();
    auto Arch = model::lookupSmArch(A);
    if (!Arch)
      return Arch.takeError();
    if (!is_contained(Out, (*Arch)->Name))
      Out.push_back((*Arch)->Name.str());
  }
  if (Out.empty())
    return createStringError("empty --arch list");
  return Out;
}

std::optional<model::Dim3> parseBlockDim(StringRef S) {
  SmallVector<StringRef, 3> Parts;
  S.trim().split(Parts, S.contains('x') ? 'x' : ',');
  if (Parts.empty() || Parts.size() > 3)
    return std::nullopt;
  uint64_t V[3] = {1, 1, 1};
  for (size_t I = 0; I < Parts.size(); ++I)
    if (Parts[I].trim().getAsInteger(10, V[I]) || V[I] == 0)
      return std::nullopt;
  model::Dim3 D{V[0], V[1], V[2]};
  if (D.X > 1024 || D.Y > 1024 || D.Z > 64 || D.threads() > 1024)
    return std::nullopt;
  return D;
}

static const CheckOptionInfo CheckOpts[] = {
    {"warplint-block-size.LaunchBounds", "true",
     "also check the maxThreads of __launch_bounds__ and launches that exceed "
     "it"},
    {"warplint-occupancy.MinOccupancy", "0.5",
     "warn about launches whose occupancy is below this fraction (0 to 1)"},
    {"warplint-bank-conflict.BlockDim", "32",
     "the block shape assumed for a kernel that no launch in the file gives "
     "one: X[,Y[,Z]]"},
    {"warplint-bank-conflict.MaxSteps", "50000000",
     "the most evaluation steps spent on one shared-memory access in one "
     "block shape; past it the access is skipped as too complex"},
    {"warplint-bank-conflict.MaxFileSteps", "500000000",
     "the most evaluation steps spent on all the accesses of one file (each "
     "first gets a thousandth of it); past it the accesses left are skipped "
     "as too complex, and a warning says how many"},
    {"warplint-bank-conflict.ReportPossible", "false",
     "also report an access whose degree depends on a value known only at "
     "run time (a stride 'd') and that conflicts for some of its values; "
     "without it only those that conflict for every value are reported"},
};

ArrayRef<CheckOptionInfo> allCheckOptions() { return CheckOpts; }

Error Options::setCheckOption(StringRef KeyEqualsValue) {
  auto [Key, Value] = KeyEqualsValue.split('=');
  Key = Key.trim();
  Value = Value.trim();
  if (!KeyEqualsValue.contains('=') || Key.empty())
    return createStringError("check option '" + KeyEqualsValue.str() +
                             "' is not of the form check-name.Option=value");
  const CheckOptionInfo *Info = nullptr;
  for (const CheckOptionInfo &O : CheckOpts)
    if (O.Key == Key)
      Info = &O;
  if (!Info) {
    std::string Known;
    for (const CheckOptionInfo &O : CheckOpts)
      Known += (Known.empty() ? "" : ", ") + O.Key.str();
    return createStringError("unknown check option '" + Key.str() +
                             "'; known: " + Known);
  }
  if (StringRef(Info->Default) == "true" || StringRef(Info->Default) == "false")
    if (!parseBool(Value))
      return createStringError("check option '" + Key.str() +
                               "' takes true or false, not '" + Value.str() +
                               "'");
  if (Key == "warplint-occupancy.MinOccupancy") {
    double D;
    if (Value.getAsDouble(D) || D < 0 || D > 1)
      return createStringError("check option '" + Key.str() +
                               "' takes a number from 0 to 1, not '" +
                               Value.str() + "'");
  }
  if (Key == "warplint-bank-conflict.BlockDim" && !parseBlockDim(Value))
    return createStringError("check option '" + Key.str() +
                             "' takes a block "
                             "shape X[,Y[,Z]] of at most 1024 threads, not '" +
                             Value.str() + "'");
  if (Key == "warplint-bank-conflict.MaxSteps" ||
      Key == "warplint-bank-conflict.MaxFileSteps") {
    uint64_t N;
    if (Value.getAsInteger(10, N) || N == 0)
      return createStringError("check option '" + Key.str() +
                               "' takes a positive whole number, not '" +
                               Value.str() + "'");
  }
  CheckOptions[Key] = Value.str();
  return Error::success();
}

uint64_t Options::getUInt(StringRef Key, uint64_t Default) const {
  auto It = CheckOptions.find(Key);
  uint64_t N;
  if (It == CheckOptions.end() || StringRef(It->second).getAsInteger(10, N))
    return Default;
  return N;
}

double Options::getDouble(StringRef Key, double Default) const {
  auto It = CheckOptions.find(Key);
  double D;
  if (It == CheckOptions.end() || StringRef(It->second).getAsDouble(D))
    return Default;
  return D;
}

Error Options::addPtxasReportFile(StringRef File) {
  Expected<std::string> Text = readInputFile(
      File, MaxReportBytes, "a ptxas report", /*AllowStdin=*/true);
  if (!Text)
    return createStringError("cannot read the ptxas report '" + File.str() +
                             "': " + toString(Text.takeError()));
  PtxasReports.push_back({File.str(), std::move(*Text)});
  return Error::success();
}

Error Options::addObjectFile(StringRef File) {
  Expected<std::string> Bytes =
      readInputFile(File, MaxObjectBytes, "a CUDA object");
  if (!Bytes)
    return createStringError("cannot read the object '" + File.str() +
                             "': " + toString(Bytes.takeError()));
  Objects.push_back({File.str(), std::move(*Bytes)});
  return Error::success();
}

Error Options::setProjectIndexFile(StringRef File) {
  Expected<ProjectIndex> I = ProjectIndex::read(File);
  if (!I)
    return I.takeError();
  Project = std::make_shared<const ProjectIndex>(std::move(*I));
  return Error::success();
}

LatePtxasReports::~LatePtxasReports() = default;

std::vector<std::pair<std::string, std::string>> Options::ptxasReports() const {
  std::vector<std::pair<std::string, std::string>> All = PtxasReports;
  if (Pending)
    for (const auto &R : Pending->get())
      All.push_back(R);
  return All;
}

bool Options::getBool(StringRef Key, bool Default) const {
  auto It = CheckOptions.find(Key);
  if (It == CheckOptions.end())
    return Default;
  return parseBool(It->second).value_or(Default);
}

} // namespace warplint
