import { type KeyboardEvent, useId, useState } from 'react'
import { useSuggestions } from './use-suggestions.ts'
import './search-combobox.css'

export interface SuggestionComboboxProps {
  text: string
  onTextChange: (text: string) => void
  /** A suggestion was picked (click, or Enter on the highlighted one). */
  onChoose: (suggestion: string) => void
  label?: string
  placeholder?: string
  name?: string
}

/**
 * A search input with suggestions (specification section 2, "Search bar": after a 300 ms pause, up to 8, none under
 * 2 characters) that can be chosen with the mouse or with the arrow keys, Enter and Escape (WAI-ARIA combobox
 * pattern, list autocomplete). It lives in a form: Enter without a highlighted suggestion submits that form.
 */
export function SuggestionCombobox({
  text,
  onTextChange,
  onChoose,
  label = 'Search products',
  placeholder = 'Search for phones, kitenge, sufuria...',
  name = 'q',
}: SuggestionComboboxProps) {
  const id = useId()
  const listId = `${id}-suggestions`
  const [activeIndex, setActiveIndex] = useState(-1)
  const [isDismissed, setDismissed] = useState(false)
  const [hasFocus, setHasFocus] = useState(false)
  const suggestions = useSuggestions(text)
  const isOpen = hasFocus && !isDismissed && suggestions.length > 0
  const active = isOpen && activeIndex >= 0 && activeIndex < suggestions.length ? activeIndex : -1
  const optionId = (index: number) => `${id}-option-${index}`

  const choose = (suggestion: string) => {
    setDismissed(true)
    setActiveIndex(-1)
    onChoose(suggestion)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length
    switch (event.key) {
      case 'ArrowDown':
        if (count === 0) return
        event.preventDefault()
        setDismissed(false)
        setActiveIndex(isOpen ? (active + 1) % count : 0)
        break
      case 'ArrowUp':
        if (count === 0) return
        event.preventDefault()
        setDismissed(false)
        setActiveIndex(isOpen ? (active <= 0 ? count - 1 : active - 1) : count - 1)
        break
      case 'Enter': {
        const choice = active >= 0 ? suggestions[active] : undefined
        if (choice !== undefined) {
          event.preventDefault()
          choose(choice)
        } else {
          // The form submits: close the list so it does not linger over the results.
          setDismissed(true)
        }
        break
      }
      case 'Escape':
        if (isOpen) {
          event.preventDefault()
          setDismissed(true)
          setActiveIndex(-1)
        } else if (text !== '') {
          event.preventDefault()
          onTextChange('')
        }
        break
    }
  }

  return (
    <div className="search-combobox">
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {label}
      </label>
      <input
        id={`${id}-input`}
        type="text"
        name={name}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isOpen}
        aria-controls={listId}
        aria-activedescendant={active >= 0 ? optionId(active) : undefined}
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          onTextChange(event.target.value)
          setDismissed(false)
          setActiveIndex(-1)
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setHasFocus(true)}
        onBlur={() => setHasFocus(false)}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={200}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Search suggestions"
        className="search-combobox__list"
        hidden={!isOpen}
      >
        {isOpen &&
          suggestions.map((suggestion, index) => (
            // Options are chosen from the input (aria-activedescendant) or with the pointer; they never take focus,
            // and the combobox input handles the keyboard for them (WAI-ARIA combobox pattern).
            // biome-ignore lint/a11y/useKeyWithClickEvents: see above
            // biome-ignore lint/a11y/useFocusableInteractive: see above
            <div
              key={suggestion}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={
                index === active ? 'search-combobox__option search-combobox__option--active' : 'search-combobox__option'
              }
              // mousedown, not click: keep focus in the input, and beat its blur that would close the list.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(suggestion)}
              onMouseMove={() => setActiveIndex(index)}
            >
              {suggestion}
            </div>
          ))}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {isOpen ? `${suggestions.length} suggestion${suggestions.length === 1 ? '' : 's'} available` : ''}
      </p>
    </div>
  )
}
