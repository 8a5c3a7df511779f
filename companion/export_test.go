package companion

// CutBeforeRename makes st's next saves stop with err after the temporary
// file is written, before it is renamed over the save.
func CutBeforeRename(st *FileStore, err error) {
	st.beforeRename = func() error { return err }
}
