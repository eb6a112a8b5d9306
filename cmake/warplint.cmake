# warplint.cmake: warplint_enable(), included by warplintConfig.cmake.
#
#   warplint_enable(<target>
#                   [ARCHS sm_XX...]            # --arch / arch=
#                   [WERROR]                    # findings fail the compile
#                   [CHECKS glob...]            # --checks / checks=
#                   [CHECK_OPTIONS check.Option=value...]
#                   [CONFIG file]               # a .warplint.yaml
#                   [BASELINE file]             # findings to leave out
#                   [MODE AUTO|PLUGIN|LAUNCHER]
#                   [COMPDB])                   # a database for clangd
#
# runs warplint on every CUDA source of <target> as it is compiled:
#
# - sources compiled by nvcc (the CUDA language with CMAKE_CUDA_COMPILER_ID
#   NVIDIA) get warplint-launch as their compiler launcher
#   (CUDA_COMPILER_LAUNCHER = warplint-launch OPTIONS... [user's launcher]);
# - sources compiled by the Clang major the plugin was built for
#   (WARPLINT_CLANG_VERSION_MAJOR), as the CUDA language or as C++ in CUDA
#   mode (a .cu file with LANGUAGE CXX, or -x cuda in the target's options),
#   get the Clang plugin: -fplugin=... -fplugin-arg-warplint-... on that
#   language's compiles;
# - sources compiled by another Clang major, which cannot load the plugin,
#   get warplint-launch too (MODE AUTO, the default; MODE PLUGIN makes it a
#   configure error). MODE LAUNCHER uses warplint-launch everywhere.
#
# The plugin reads the kernels' registers from the device binary clang hands
# to the host compile of an optimised build. Without it (-O0) its occupancy
# and register-spill checks say so with one remark for the whole build
# (recorded in ${CMAKE_BINARY_DIR}/.warplint/said, emptied at each configure),
# unless given a report with -fplugin-arg-warplint-ptxas-report=FILE in the
# target's compile options (docs/user-guide.md, "The Clang plugin in a
# build"). warplint-launch makes its own.
#
# A launcher the target already has (ccache, from CMAKE_CUDA_COMPILER_LAUNCHER
# or the target property) is kept after warplint-launch, which runs it
# unchanged and analyses the compile command behind it.
#
# COMPDB: the target's compile commands are exported (its
# EXPORT_COMPILE_COMMANDS property, as CMAKE_EXPORT_COMPILE_COMMANDS does for
# every target), and the target warplint-compdb, built by default, runs
# `warplint compdb` on ${CMAKE_BINARY_DIR}/compile_commands.json whenever
# CMake rewrites it: ${CMAKE_BINARY_DIR}/warplint-compdb/compile_commands.json
# is the build's database with each nvcc command replaced by the clang command
# warplint parses with, for clangd (--compile-commands-dir) and clang-tidy
# (-p). Makefile and Ninja generators only (the others write no
# compile_commands.json).
#
# The work is done at the end of the calling directory
# (cmake_language(DEFER)), so sources and launchers set after the call count.
# Then one status line per target says what was set up: "warplint: TARGET:
# the Clang plugin on its CUDA compiles; WERROR, ARCHS sm_80 sm_90".
# Relative CONFIG and BASELINE paths are relative to the calling directory's
# CMAKE_CURRENT_SOURCE_DIR. The code generated does not change:
# warplint-launch runs the compile command as it is, and the plugin runs
# after clang's own work.

include_guard(GLOBAL)

function(warplint_enable target)
  cmake_parse_arguments(PARSE_ARGV 1 _wl "WERROR;COMPDB" "CONFIG;BASELINE;MODE"
                        "ARCHS;CHECKS;CHECK_OPTIONS")
  set(_fn "warplint_enable(${target})")
  if(_wl_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "${_fn}: unknown arguments: ${_wl_UNPARSED_ARGUMENTS}\n"
      "Usage: warplint_enable(<target> [ARCHS sm_XX...] [WERROR] [CHECKS glob...] "
      "[CHECK_OPTIONS check.Option=value...] [CONFIG file] [BASELINE file] "
      "[MODE AUTO|PLUGIN|LAUNCHER] [COMPDB])")
  endif()
  foreach(_kw IN LISTS _wl_KEYWORDS_MISSING_VALUES)
    message(FATAL_ERROR "${_fn}: ${_kw} needs a value")
  endforeach()
  if(NOT TARGET "${target}")
    message(FATAL_ERROR "${_fn}: no target named '${target}'")
  endif()
  get_target_property(_aliased "${target}" ALIASED_TARGET)
  get_target_property(_imported "${target}" IMPORTED)
  get_target_property(_type "${target}" TYPE)
  if(_aliased)
    message(FATAL_ERROR "${_fn}: '${target}' is an alias; name '${_aliased}'")
  endif()
  if(_imported OR NOT _type MATCHES "^(EXECUTABLE|STATIC_LIBRARY|SHARED_LIBRARY|MODULE_LIBRARY|OBJECT_LIBRARY)$")
    message(FATAL_ERROR "${_fn}: '${target}' is not a target that compiles "
      "sources here (${_type}, imported: ${_imported})")
  endif()

  if(NOT _wl_MODE)
    set(_wl_MODE AUTO)
  endif()
  string(TOUPPER "${_wl_MODE}" _wl_MODE)
  if(NOT _wl_MODE MATCHES "^(AUTO|PLUGIN|LAUNCHER)$")
    message(FATAL_ERROR "${_fn}: MODE is AUTO, PLUGIN or LAUNCHER, not '${_wl_MODE}'")
  endif()

  # The options, as plugin arguments (-fplugin-arg-warplint-X) and as
  # warplint-launch options (--X), in the same order.
  set(_plugin "")
  set(_launch "")
  # The configure-time status line's account of them (_warplint_apply).
  set(_summary "")
  if(_wl_WERROR)
    list(APPEND _plugin "werror")
    list(APPEND _launch "--werror")
    list(APPEND _summary "WERROR")
  endif()
  if(_wl_CHECKS)
    list(JOIN _wl_CHECKS "," _checks)
    list(APPEND _plugin "checks=${_checks}")
    list(APPEND _launch "--checks=${_checks}")
    list(APPEND _summary "CHECKS ${_checks}")
  endif()
  if(_wl_ARCHS)
    foreach(_arch IN LISTS _wl_ARCHS)
      if(NOT _arch MATCHES "^sm_[0-9]+[a-z]?$")
        message(FATAL_ERROR "${_fn}: ARCHS takes names such as sm_80 sm_90, not '${_arch}'")
      endif()
    endforeach()
    list(JOIN _wl_ARCHS "," _archs)
    list(APPEND _plugin "arch=${_archs}")
    list(APPEND _launch "--arch=${_archs}")
    list(JOIN _wl_ARCHS " " _archs)
    list(APPEND _summary "ARCHS ${_archs}")
  endif()
  foreach(_opt IN LISTS _wl_CHECK_OPTIONS)
    if(NOT _opt MATCHES "^[^=.]+\\.[^=]+=")
      message(FATAL_ERROR "${_fn}: CHECK_OPTIONS takes check.Option=value, not '${_opt}'")
    endif()
    list(APPEND _plugin "option=${_opt}")
    list(APPEND _launch "--check-option=${_opt}")
    list(APPEND _summary "CHECK_OPTIONS ${_opt}")
  endforeach()
  if(_wl_CONFIG)
    get_filename_component(_config "${_wl_CONFIG}" ABSOLUTE
                           BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    if(NOT EXISTS "${_config}")
      message(FATAL_ERROR "${_fn}: CONFIG file '${_config}' does not exist")
    endif()
    list(APPEND _plugin "config=${_config}")
    list(APPEND _launch "--config=${_config}")
    list(APPEND _summary "CONFIG ${_config}")
  endif()
  if(_wl_BASELINE)
    # It may not exist yet: the first build can write it.
    get_filename_component(_baseline "${_wl_BASELINE}" ABSOLUTE
                           BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND _plugin "baseline=${_baseline}")
    list(APPEND _launch "--baseline=${_baseline}")
    list(APPEND _summary "BASELINE ${_baseline}")
  endif()

  if(_wl_COMPDB)
    _warplint_compdb("${target}" "${_fn}")
    list(APPEND _summary "COMPDB")
  endif()
  if(NOT _summary)
    set(_summary "no options: checks and architectures from .warplint.yaml, else the defaults")
  endif()
  list(JOIN _summary ", " _summary)

  # Paths are taken now, from the scope find_package(warplint) set them in.
  set_target_properties("${target}" PROPERTIES
    WARPLINT_MODE "${_wl_MODE}"
    WARPLINT_PLUGIN_ARGS "${_plugin}"
    WARPLINT_LAUNCH_ARGS "${_launch}"
    WARPLINT_SUMMARY "${_summary}"
    WARPLINT_PLUGIN_PATH "${WARPLINT_PLUGIN}"
    WARPLINT_LAUNCH_PATH "${WARPLINT_LAUNCH_EXECUTABLE}"
    WARPLINT_CLANG_MAJOR "${WARPLINT_CLANG_VERSION_MAJOR}")
  # A second call replaces the options; the work is still done once.
  get_target_property(_scheduled "${target}" WARPLINT_SCHEDULED)
  if(NOT _scheduled)
    set_target_properties("${target}" PROPERTIES WARPLINT_SCHEDULED TRUE)
    cmake_language(EVAL CODE
      "cmake_language(DEFER CALL _warplint_apply [==[${target}]==])")
  endif()
endfunction()

# COMPDB: export the target's compile commands, and add, once, the target
# warplint-compdb that rewrites the build's database for clangd.
function(_warplint_compdb target fn)
  if(NOT CMAKE_GENERATOR MATCHES "Makefiles|Ninja")
    message(WARNING "${fn}: COMPDB needs a Makefile or Ninja generator, "
      "which write compile_commands.json; ${CMAKE_GENERATOR} does not")
    return()
  endif()
  set_target_properties("${target}" PROPERTIES EXPORT_COMPILE_COMMANDS ON)
  get_property(_done GLOBAL PROPERTY WARPLINT_COMPDB_TARGET)
  if(_done)
    return()
  endif()
  set_property(GLOBAL PROPERTY WARPLINT_COMPDB_TARGET TRUE)
  set(_in "${CMAKE_BINARY_DIR}/compile_commands.json")
  set(_out "${CMAKE_BINARY_DIR}/warplint-compdb/compile_commands.json")
  add_custom_command(OUTPUT "${_out}"
    COMMAND "${WARPLINT_EXECUTABLE}" compdb -p "${CMAKE_BINARY_DIR}" -o "${_out}"
    DEPENDS "${_in}" "${WARPLINT_EXECUTABLE}"
    COMMENT "warplint: compilation database for clangd and clang-tidy in ${CMAKE_BINARY_DIR}/warplint-compdb"
    VERBATIM)
  add_custom_target(warplint-compdb ALL DEPENDS "${_out}")
endfunction()

# True in OUT when LANG's compiler (CMAKE_<LANG>_COMPILER_ID/VERSION) can
# load the plugin; WHY says why not.
function(_warplint_can_load_plugin lang major out why)
  set(_id "${CMAKE_${lang}_COMPILER_ID}")
  set(_version "${CMAKE_${lang}_COMPILER_VERSION}")
  string(REGEX MATCH "^[0-9]+" _have "${_version}")
  if(NOT _id STREQUAL "Clang")
    set(${out} FALSE PARENT_SCOPE)
    set(${why} "the ${lang} compiler is ${_id} ${_version}, not Clang ${major}" PARENT_SCOPE)
  elseif(NOT _have STREQUAL major)
    set(${out} FALSE PARENT_SCOPE)
    set(${why} "the ${lang} compiler is Clang ${_version} and the plugin was built for Clang ${major}" PARENT_SCOPE)
  else()
    set(${out} TRUE PARENT_SCOPE)
    set(${why} "" PARENT_SCOPE)
  endif()
endfunction()

function(_warplint_apply target)
  set(_fn "warplint_enable(${target})")
  foreach(_p MODE PLUGIN_ARGS LAUNCH_ARGS PLUGIN_PATH LAUNCH_PATH CLANG_MAJOR SUMMARY)
    get_target_property(_${_p} "${target}" WARPLINT_${_p})
    if(_${_p} STREQUAL "_${_p}-NOTFOUND")
      set(_${_p} "")
    endif()
  endforeach()

  # Which languages compile CUDA in this target: the CUDA language, and C++
  # for .cu files given LANGUAGE CXX or a target compiled with -x cuda.
  get_target_property(_sources "${target}" SOURCES)
  get_target_property(_srcdir "${target}" SOURCE_DIR)
  set(_cuda_lang FALSE)
  set(_cxx_cuda FALSE)
  foreach(_src IN LISTS _sources)
    if(_src MATCHES "^\\$<")
      continue()
    endif()
    get_filename_component(_abs "${_src}" ABSOLUTE BASE_DIR "${_srcdir}")
    get_source_file_property(_lang "${_abs}" TARGET_DIRECTORY "${target}" LANGUAGE)
    if(NOT _lang AND _src MATCHES "\\.cu$")
      set(_lang CUDA)
    endif()
    if(_lang STREQUAL "CUDA")
      set(_cuda_lang TRUE)
    elseif(_lang STREQUAL "CXX" AND _src MATCHES "\\.cuh?$")
      set(_cxx_cuda TRUE)
    endif()
  endforeach()
  get_target_property(_opts "${target}" COMPILE_OPTIONS)
  if(_opts MATCHES "(^|;)-x;cuda(;|$)|(^|;)-xcuda(;|$)")
    set(_cxx_cuda TRUE)
  endif()

  # Remarks the same for every file ("no ptxas report") are said once
  # per build, in CMake's terms; the record is emptied at each configure.
  list(APPEND _PLUGIN_ARGS "build-dir=${CMAKE_BINARY_DIR}"
                           "set-up-by=warplint_enable")
  get_property(_cleared GLOBAL PROPERTY WARPLINT_SAID_CLEARED)
  if(NOT _cleared)
    set_property(GLOBAL PROPERTY WARPLINT_SAID_CLEARED TRUE)
    file(REMOVE_RECURSE "${CMAKE_BINARY_DIR}/.warplint/said")
  endif()
  set(_langs "")
  if(_cuda_lang)
    list(APPEND _langs CUDA)
  endif()
  if(_cxx_cuda)
    list(APPEND _langs CXX)
  endif()
  if(NOT _langs)
    message(WARNING "${_fn}: '${target}' has no CUDA source (a .cu file, or C++ "
      "compiled with -x cuda); warplint has nothing to analyse there")
    return()
  endif()

  # What was set up, for the one status line that ends this.
  set(_fronts "")
  foreach(_lang IN LISTS _langs)
    _warplint_can_load_plugin(${_lang} "${_CLANG_MAJOR}" _plugin_ok _why)
    if(_plugin_ok AND NOT _PLUGIN_PATH)
      set(_plugin_ok FALSE)
      set(_why "this warplint was built without its Clang plugin")
    endif()
    if(_MODE STREQUAL "PLUGIN" AND NOT _plugin_ok)
      message(FATAL_ERROR "${_fn}: MODE PLUGIN, but ${_why}")
    endif()
    if(_plugin_ok AND NOT _MODE STREQUAL "LAUNCHER")
      # The plugin runs after clang's own work; the generated code is the same.
      target_compile_options("${target}" PRIVATE
        "$<$<COMPILE_LANGUAGE:${_lang}>:-fplugin=${_PLUGIN_PATH}>")
      foreach(_arg IN LISTS _PLUGIN_ARGS)
        target_compile_options("${target}" PRIVATE
          "$<$<COMPILE_LANGUAGE:${_lang}>:-fplugin-arg-warplint-${_arg}>")
      endforeach()
      list(APPEND _fronts "the Clang plugin on its ${_lang} compiles")
      continue()
    endif()

    if(NOT _LAUNCH_PATH)
      if(_MODE STREQUAL "LAUNCHER")
        set(_why "MODE LAUNCHER")
      endif()
      message(FATAL_ERROR "${_fn}: ${_lang} sources need warplint-launch (${_why}), "
        "and this warplint installation has none")
    endif()
    set(_front "warplint-launch on its ${_lang} compiles")
    if(_MODE STREQUAL "AUTO" AND _plugin_ok STREQUAL "FALSE"
       AND CMAKE_${_lang}_COMPILER_ID STREQUAL "Clang")
      # A Clang that cannot load the plugin: say why it is not the plugin.
      string(APPEND _front " (${_why})")
    endif()
    # Keep the user's launcher (ccache, ...) after ours: warplint-launch runs
    # it as the compiler and analyses the command that follows it.
    get_target_property(_user_all "${target}" ${_lang}_COMPILER_LAUNCHER)
    if(NOT _user_all)
      set(_user_all "")
    endif()
    # A warplint-launch already there (CMAKE_CUDA_COMPILER_LAUNCHER set to it)
    # gives way to this one, with its options: two would analyse twice, and
    # the outer one would only run the inner one without these options.
    set(_user "")
    set(_skipping_options FALSE)
    foreach(_arg IN LISTS _user_all)
      get_filename_component(_name "${_arg}" NAME_WE)
      if(_name STREQUAL "warplint-launch")
        set(_skipping_options TRUE)
      elseif(_skipping_options AND _arg MATCHES "^-")
      else()
        set(_skipping_options FALSE)
        list(APPEND _user "${_arg}")
      endif()
    endforeach()
    set(_launcher "${_LAUNCH_PATH}" ${_LAUNCH_ARGS} ${_user})
    set_target_properties("${target}" PROPERTIES ${_lang}_COMPILER_LAUNCHER
      "${_launcher}")
    if(_user)
      list(JOIN _user " " _user)
      string(APPEND _front ", before ${_user}")
    endif()
    list(APPEND _fronts "${_front}")
  endforeach()
  list(JOIN _fronts "; " _fronts)
  message(STATUS "warplint: ${target}: ${_fronts}; ${_SUMMARY}")
endfunction()
