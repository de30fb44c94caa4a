import { type FormEvent, type KeyboardEvent, useId, useState } from 'react'
import { useNavigate } from 'react-router'
import { useSuggestions } from './use-suggestions.ts'

const searchUrl = (text: string) => `/search?q=${encodeURIComponent(text.trim())}`

/**
 * The home page's compact search box: a combobox whose suggestions (specification section 2, "Search bar") can be
 * chosen with the mouse or with the arrow keys, Enter and Escape (WAI-ARIA combobox pattern, list autocomplete).
 * Without JavaScript it is a plain GET form to /search.
 */
export function HomeSearch() {
  const navigate = useNavigate()
  const id = useId()
  const listId = `${id}-suggestions`
  const [text, setText] = useState('')
  const [activeIndex, setActiveIndex] = useState(-1)
  const [isDismissed, setDismissed] = useState(false)
  const [hasFocus, setHasFocus] = useState(false)
  const suggestions = useSuggestions(text)
  const isOpen = hasFocus && !isDismissed && suggestions.length > 0
  const active = isOpen && activeIndex >= 0 && activeIndex < suggestions.length ? activeIndex : -1
  const optionId = (index: number) => `${id}-option-${index}`
  const isEmpty = text.trim() === ''

  const go = (value: string) => {
    if (value.trim() === '') return
    setDismissed(true)
    navigate(searchUrl(value))
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    go(text)
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
          setText(choice)
          go(choice)
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
          setText('')
        }
        break
    }
  }

  return (
    <search>
      <form method="get" action="/search" className="home-search" onSubmit={onSubmit}>
        <label htmlFor={`${id}-input`} className="visually-hidden">
          Search products
        </label>
        <div className="home-search__field">
          <input
            id={`${id}-input`}
            type="text"
            name="q"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={isOpen}
            aria-controls={listId}
            aria-activedescendant={active >= 0 ? optionId(active) : undefined}
            placeholder="Search for phones, kitenge, sufuria..."
            value={text}
            onChange={(event) => {
              setText(event.target.value)
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
          />
          <div
            id={listId}
            role="listbox"
            aria-label="Search suggestions"
            className="home-search__list"
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
                    index === active ? 'home-search__option home-search__option--active' : 'home-search__option'
                  }
                  // mousedown, not click: keep focus in the input, and beat its blur that would close the list.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => {
                    setText(suggestion)
                    go(suggestion)
                  }}
                  onMouseMove={() => setActiveIndex(index)}
                >
                  {suggestion}
                </div>
              ))}
          </div>
        </div>
        <button type="submit" className="button home-search__submit" disabled={isEmpty}>
          Search
        </button>
        <p className="visually-hidden" aria-live="polite">
          {isOpen ? `${suggestions.length} suggestion${suggestions.length === 1 ? '' : 's'} available` : ''}
        </p>
      </form>
    </search>
  )
}
