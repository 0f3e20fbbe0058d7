//go:build race

package app

func init() { raceDetector = true }
