package report

import (
	"reflect"

	"github.com/osmosis-lint/osmosis-lint/lint/escape"
)

// shown returns a copy of files in which every string they hold is
// escaped as escape.String escapes it: the path, and each finding's
// message, key, rule and fixes, each fix outcome, and any string field a
// finding or a file gains later, found by reflection. The writers of text
// (the text styles, --show-fixes, the agent text) get their files from
// it, so that no text from a workspace reaches them with a line break or
// a control character in it; the source a snippet quotes is bytes, shown
// character by character (display). Strings with nothing to escape are
// shared, not copied.
func shown(files []File) []File {
	return shownValue(reflect.ValueOf(files)).Interface().([]File)
}

func shownValue(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.String:
		s := v.String()
		e := escape.String(s)
		if e == s {
			return v
		}
		out := reflect.New(v.Type()).Elem()
		out.SetString(e)
		return out
	case reflect.Struct:
		out := reflect.New(v.Type()).Elem()
		out.Set(v)
		for i := 0; i < v.NumField(); i++ {
			if f := out.Field(i); f.CanSet() {
				f.Set(shownValue(v.Field(i)))
			}
		}
		return out
	case reflect.Slice:
		if v.IsNil() || v.Type().Elem().Kind() == reflect.Uint8 {
			return v
		}
		out := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := 0; i < v.Len(); i++ {
			out.Index(i).Set(shownValue(v.Index(i)))
		}
		return out
	case reflect.Array:
		out := reflect.New(v.Type()).Elem()
		for i := 0; i < v.Len(); i++ {
			out.Index(i).Set(shownValue(v.Index(i)))
		}
		return out
	case reflect.Map:
		if v.IsNil() {
			return v
		}
		out := reflect.MakeMapWithSize(v.Type(), v.Len())
		for it := v.MapRange(); it.Next(); {
			out.SetMapIndex(shownValue(it.Key()), shownValue(it.Value()))
		}
		return out
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		out := reflect.New(v.Type().Elem())
		out.Elem().Set(shownValue(v.Elem()))
		return out
	}
	return v
}
