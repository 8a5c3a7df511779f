// Command tiny is a main package other than Boardside's for webbuild's
// tests: -pkg builds it into the folder, as bench/webappbench builds its
// bare Fyne app.
package main

func main() { println("webbuild's tiny program") }
