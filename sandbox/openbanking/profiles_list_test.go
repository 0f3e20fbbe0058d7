package openbanking

import "testing"

// TestDataProfilesListsExactlyTheProfiles: DataProfiles lists every profile, the default first, and
// each listed tag selects its profile.
func TestDataProfilesListsExactlyTheProfiles(t *testing.T) {
	list := DataProfiles()
	if len(list) != len(profiles) || list[0].Tag != "" || list[0].Key != profileFor("jo@example.com").Key {
		t.Fatalf("DataProfiles = %+v", list)
	}
	for _, p := range list[1:] {
		if got := profileFor("jo" + p.Tag + "@example.com"); got.Key != p.Key || got.Label != p.Label {
			t.Errorf("tag %s selects %s, want %s", p.Tag, got.Key, p.Key)
		}
		if got := profileFor("jo+decline" + p.Tag + "@example.com"); got.Key != p.Key {
			t.Errorf("tag %s after another tag selects %s", p.Tag, got.Key)
		}
	}
}
