"""The page shell: boot, the entry script, the page object that turns DOM input into
model events and runs the effects the model returns."""
