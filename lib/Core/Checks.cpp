//===-- Checks.cpp - Check metadata and check selection -------------------===//
#include "warplint/Core/Checks.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/GlobPattern.h"

using namespace llvm;

namespace warplint {

static const CheckInfo Checks[] = {
#define WARPLINT_CHECK(Id, Name, Level, Desc) {CheckId::Id, Name, Level, Desc},
#include "warplint/Core/Checks.def"
};

ArrayRef<CheckInfo> allChecks() { return Checks; }

const CheckInfo &checkInfo(CheckId Id) {
  return Checks[static_cast<unsigned>(Id)];
}

CheckFilter::CheckFilter() : Enabled(std::size(Checks), true) {}

/// Calls F(Positive, Pattern) for each valid glob of a clang-tidy style list,
/// left to right, and returns the first invalid glob's error.
template <typename Fn> static Error forEachGlob(StringRef Globs, Fn F) {
  Error First = Error::success();
  SmallVector<StringRef, 8> Parts;
  Globs.split(Parts, ',', -1, /*KeepEmpty=*/false);
  for (StringRef Part : Parts) {
    Part = Part.trim();
    if (Part.empty())
      continue;
    bool Positive = !Part.consume_front("-");
    Expected<GlobPattern> Pat = GlobPattern::create(Part);
    if (Pat) {
      F(Positive, *Pat);
    } else {
      Error E = createStringError("invalid check glob '" + Part.str() +
                                  "': " + toString(Pat.takeError()));
      if (First)
        consumeError(std::move(E));
      else
        First = std::move(E);
    }
  }
  return First;
}

Expected<CheckFilter> CheckFilter::parse(StringRef Globs) {
  CheckFilter F;
  F.Enabled.assign(std::size(Checks), false);
  if (Error E = forEachGlob(Globs, [&](bool Enable, const GlobPattern &Pat) {
        for (const CheckInfo &C : Checks)
          if (Pat.match(C.Name))
            F.Enabled[static_cast<unsigned>(C.Id)] = Enable;
      }))
    return std::move(E);
  return F;
}

bool CheckFilter::isEnabled(CheckId Id) const {
  return Enabled[static_cast<unsigned>(Id)];
}

bool CheckFilter::isEnabled(StringRef Name) const {
  for (const CheckInfo &C : Checks)
    if (C.Name == Name)
      return isEnabled(C.Id);
  return false;
}

bool matchesGlobList(StringRef Globs, StringRef Name) {
  bool Result = false;
  if (Error E = forEachGlob(Globs, [&](bool Positive, const GlobPattern &Pat) {
        if (Pat.match(Name))
          Result = Positive;
      })) {
    // An invalid glob matches nothing; the others still count.
    consumeError(std::move(E));
  }
  return Result;
}

/// The check of Checks.def nearest to Name by edit distance, or "" when none
/// is close.
static StringRef nearestCheck(StringRef Name) {
  StringRef Best;
  unsigned BestDistance = 0;
  for (const CheckInfo &C : Checks) {
    unsigned D = Name.edit_distance(C.Name, /*AllowReplacements=*/true);
    if (Best.empty() || D < BestDistance) {
      Best = C.Name;
      BestDistance = D;
    }
  }
  // A few letters wrong, not another name.
  return BestDistance <= std::max<size_t>(2, Name.size() / 4) ? Best : "";
}

/// Calls F(Glob, Nearest) for each glob of the list that matches no check.
template <typename Fn> static void forEachUnmatched(StringRef Globs, Fn F) {
  SmallVector<StringRef, 8> Parts;
  Globs.split(Parts, ',', -1, /*KeepEmpty=*/false);
  for (StringRef Part : Parts) {
    Part = Part.trim();
    StringRef Name = Part;
    Name.consume_front("-");
    if (Name.empty())
      continue;
    Expected<GlobPattern> Pat = GlobPattern::create(Name);
    if (!Pat) {
      consumeError(Pat.takeError());
      continue;
    }
    if (llvm::none_of(Checks,
                      [&](const CheckInfo &C) { return Pat->match(C.Name); }))
      F(Part, nearestCheck(Name));
  }
}

std::vector<std::string> unmatchedChecks(StringRef Globs) {
  std::vector<std::string> Out;
  forEachUnmatched(Globs, [&](StringRef Glob, StringRef Near) {
    std::string Msg = "'" + Glob.str() + "' names no warplint check";
    if (!Near.empty())
      Msg += " (did you mean '" + Near.str() + "'?)";
    Out.push_back(std::move(Msg));
  });
  return Out;
}

std::string didYouMean(StringRef Globs) {
  std::string Out;
  forEachUnmatched(Globs, [&](StringRef Glob, StringRef Near) {
    if (!Near.empty())
      Out += (Out.empty() ? "" : ", ") +
             ("'" + Near + "' for '" + Glob + "'").str();
  });
  return Out.empty() ? Out : " (did you mean " + Out + "?)";
}

bool CheckFilter::any() const {
  for (bool B : Enabled)
    if (B)
      return true;
  return false;
}

} // namespace warplint
