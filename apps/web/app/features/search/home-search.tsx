import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router'
import { SuggestionCombobox } from './suggestion-combobox.tsx'

const searchUrl = (text: string) => `/search?q=${encodeURIComponent(text.trim())}`

/** The home page's compact search box. Without JavaScript it is a plain GET form to /search. */
export function HomeSearch() {
  const navigate = useNavigate()
  const [text, setText] = useState('')
  const isEmpty = text.trim() === ''

  const go = (value: string) => {
    if (value.trim() !== '') navigate(searchUrl(value))
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    go(text)
  }

  return (
    <search>
      <form method="get" action="/search" className="home-search" onSubmit={onSubmit}>
        <SuggestionCombobox
          text={text}
          onTextChange={setText}
          onChoose={(suggestion) => {
            setText(suggestion)
            go(suggestion)
          }}
        />
        <button type="submit" className="button home-search__submit" disabled={isEmpty}>
          Search
        </button>
      </form>
    </search>
  )
}
