//===-- CudaModels.h - What warplint knows of CUDA's API (private) -*- C++
//-*-===//
///
/// Every fact of CUDA's API that the analysis relies on, in one place, as
/// Clang-level answers (which call or type is which, and what it means);
/// the collector of accesses (AccessCollector.cpp), the lowering
/// (Lowering.h) and the index (TUIndex.cpp) turn them into accesses, model
/// nodes and launch sites. Inline PTX is model::findPtxSharedAccesses's.
///
/// Sources: the CUDA C++ Programming Guide (built-in variables, vector
/// types, atomic functions, warp matrix functions, asynchronous copies,
/// cooperative groups, the execution configuration) and the CUDA Runtime
/// API (cudaLaunchKernel, cudaLaunchCooperativeKernel, cudaLaunchKernelEx,
/// cudaLaunchDevice).
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_CUDAMODELS_H
#define WARPLINT_ANALYSIS_CUDAMODELS_H

#include "warplint/Analysis/SharedAccess.h"
#include "warplint/Analysis/TUIndex.h"
#include "warplint/Model/ThreadExpr.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace warplint {

// ---- types ---------------------------------------------------------------

/// CUDA's vector types (float2, int4, __half2, ...), accessed whole by one
/// instruction of their size (3-element ones element by element).
bool isCudaVectorRecord(clang::QualType T);

/// The width of one access to an object of type T, or 0 when warplint does
/// not know how many instructions the compiler makes of it.
unsigned accessBytes(clang::QualType T, clang::ASTContext &Ctx);

/// True when T is CUDA's dim3 (or uint3): a record with integer fields x,
/// y, z.
bool isDim3Type(clang::QualType T);

/// The component (0, 1, 2) a field of dim3 or uint3 is named after (x, y,
/// z); std::nullopt for another field.
std::optional<unsigned> dim3Component(const clang::FieldDecl *F);

// ---- built-in variables and intrinsics -----------------------------------

/// A read of threadIdx, blockDim, blockIdx or gridDim: `threadIdx.x` is a
/// PseudoObjectExpr calling __fetch_builtin_x of clang's builtin variable.
struct BuiltinRead {
  enum Variable { ThreadIdx, BlockDim, BlockIdx, GridDim };
  Variable Var;
  unsigned Dim; ///< 0, 1, 2 for x, y, z
  const clang::ValueDecl *Decl;
  llvm::StringRef name() const; ///< "threadIdx"
};
std::optional<BuiltinRead> builtinRead(const clang::PseudoObjectExpr *POE);

/// min, max (and their u, ll, ull forms) and __mul24, __umul24: an
/// operation of the model on the two arguments converted to the first
/// parameter's type.
std::optional<model::Op> integerIntrinsic(const clang::CallExpr *Call);

/// __cvta_generic_to_shared and __nvvm_get_smem_pointer: the shared-window
/// address of a generic pointer, whose banks are the pointer's (the window
/// starts at a multiple of 128 bytes).
bool isSharedWindowAddress(const clang::CallExpr *Call);

/// When Call is a runtime API that writes through its pointer arguments a
/// value the device decides at run time (cudaOccupancyMaxPotentialBlockSize
/// and its variants): its name; empty otherwise.
llvm::StringRef runtimeChooser(const clang::CallExpr *Call);

/// atomicAdd, atomicCAS_block, ...: the atomic functions.
bool isAtomicName(llvm::StringRef N);

// ---- cooperative groups --------------------------------------------------

/// thread_rank(), size(), num_threads() and meta_group_rank() of a
/// cooperative_groups::thread_block or thread_block_tile<N>: the linear
/// thread index (x + y*Bx + z*Bx*By), modulo N for a tile; size() is N or
/// the block's thread count. A static tile of size N partitioned from the
/// block or from another static tile has rank linear % N; its
/// meta_group_rank() is linear / N only when the object was partitioned
/// from the block itself (partitionedFromBlock).
///
/// meta_group_size() of such a tile is the number of tiles of the block,
/// ceil(threads / N). thread_index(), dim_threads() (group_dim()) and
/// group_index() of a thread_block are threadIdx, blockDim and blockIdx
/// (dim3s). A generic thread_group (Generic) is whatever its variable was
/// initialised with (groupKind): the block, or a tile of N threads
/// tiled_partition(parent, N) made of the block or of another tile (N a
/// power of two up to 32, as CUDA requires of a thread_group tile),
/// followed through copies and through a device function's parameters to
/// the caller's argument.
struct GroupQuery {
  enum Kind {
    Rank,
    Size,
    MetaGroupRank,
    MetaGroupSize,
    ThreadIndex,
    DimThreads,
    GroupIndex
  };
  Kind What;
  uint64_t Tile = 0;    ///< N of a tile; 0 for the thread_block
  bool Generic = false; ///< a thread_group: the kind is its initialiser's
  const clang::Expr *Object = nullptr;
};
std::optional<GroupQuery> groupQuery(const clang::CallExpr *Call);
/// Does Init call tiled_partition on a thread_block?
bool partitionedFromBlock(const clang::Expr *Init);
/// The group a thread_group variable's initialiser Init makes: 0 for the
/// thread block (this_thread_block(), a thread_block), N for a static tile
/// thread_block_tile<N> and for tiled_partition(parent, N) of the block or
/// of a tile that N divides; std::nullopt for another. Variable gives the
/// group a variable (or parameter) named in Init holds.
std::optional<uint64_t> groupKind(
    const clang::Expr *Init, clang::ASTContext &Ctx,
    llvm::function_ref<std::optional<uint64_t>(const clang::Expr *)> Variable);

/// CUDA's functions that take a pointer only to look at its address
/// (__cvta_generic_to_shared, __isShared, ...): no access through it.
bool isAddressQuery(const clang::FunctionDecl *F);

// ---- warp matrix functions (WMMA) ----------------------------------------

/// nvcuda::wmma::load_matrix_sync and store_matrix_sync: the pointer
/// argument, and the rows of the tile when the fragment's shape and layout
/// and the leading dimension are constants.
struct WmmaCall {
  bool Load = true;
  unsigned PtrArg = 0;
  std::string Instruction; ///< "wmma::load_matrix_sync"
  unsigned Bytes = 0;      ///< the element's size
  std::optional<SharedAccess::TileRows> Tile;
};
std::optional<WmmaCall> wmmaCall(const clang::CallExpr *E,
                                 clang::ASTContext &Ctx);
/// Why a WMMA access has no exact degree.
extern const char *const WmmaLaneMappingUnknown;

// ---- asynchronous copies -------------------------------------------------

/// __pipeline_memcpy_async, cuda::memcpy_async and
/// cooperative_groups::memcpy_async: per thread (a store of 4, 8 or 16
/// bytes per lane into argument 0), or by a whole group (argument 0 a
/// group, the destination argument 1; the library maps bytes to lanes).
struct AsyncCopy {
  std::string Instruction; ///< "cuda::memcpy_async"
  /// __pipeline_memcpy_async: its destination is shared memory whatever
  /// the analysis finds it derived from (its parameter is dst_shared).
  bool SharedByContract = false;
  bool WholeGroup = false;
};
std::optional<AsyncCopy> asyncCopy(const clang::CallExpr *E);
/// The bytes one lane copies (argument Size), or the reason the model
/// cannot take them (not a constant, not 4, 8 or 16).
unsigned copyBytes(const clang::Expr *Size, clang::ASTContext &Ctx,
                   std::string &Why);

// ---- launches ------------------------------------------------------------

/// A launch through the runtime API: cudaLaunchKernel,
/// cudaLaunchCooperativeKernel (kernel, grid, block, args, smem, stream),
/// cudaLaunchKernelEx, cudaLaunchKernelExC (config, kernel, ...).
std::optional<LaunchSite::Kind> launchApi(const clang::CallExpr *E);
/// The argument of a <<<>>> configuration call (cudaConfigureCall,
/// __cudaPushCallConfiguration, or from device code cudaLaunchDevice)
/// that is the block shape.
unsigned launchConfigBlockArg(const clang::CallExpr *Config);

} // namespace warplint

#endif // WARPLINT_ANALYSIS_CUDAMODELS_H
