package notify

// Name is the provider's name in configuration, metrics and errors.
const Name = "notify"
