# dlc_embed_files(OUTPUT out.c SYMBOL name FILES a b ...): writes a C file
# defining `const char name[]` holding the files' contents concatenated and
# NUL-terminated, regenerated whenever one of the files changes.
function(dlc_embed_files)
  cmake_parse_arguments(ARG "" "OUTPUT;SYMBOL" "FILES" ${ARGN})
  add_custom_command(
    OUTPUT ${ARG_OUTPUT}
    COMMAND ${CMAKE_COMMAND} -DOUTPUT=${ARG_OUTPUT} -DSYMBOL=${ARG_SYMBOL}
            "-DFILES=${ARG_FILES}" -P ${PROJECT_SOURCE_DIR}/cmake/EmbedFileScript.cmake
    DEPENDS ${ARG_FILES} ${PROJECT_SOURCE_DIR}/cmake/EmbedFileScript.cmake
    COMMENT "Embedding ${ARG_SYMBOL}"
    VERBATIM)
endfunction()
