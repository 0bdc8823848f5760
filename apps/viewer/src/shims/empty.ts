// Stands in for fs, iconv-lite and jschardet in the browser bundle (see build.ts): the viewer parses SGF text only.
export default {};
