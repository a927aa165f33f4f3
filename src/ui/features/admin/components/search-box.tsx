import { useEffect, useState } from 'react';
import { InputAdornment, TextField, type SxProps, type Theme } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';

/**
 * An admin list's search: what is typed searches after a short pause (`onSearch` with the trimmed text; the list puts
 * it in the address and starts from its first page). `search` is the search in force, which the box starts from.
 */
export function SearchBox({ label, placeholder, search, onSearch, sx }: { label: string; placeholder: string; search: string; onSearch: (text: string) => void; sx?: SxProps<Theme> }) {
  const [text, setText] = useState(search);
  useEffect(() => {
    if (text.trim() === search) return undefined;
    const timer = setTimeout(() => onSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, search]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <TextField
      label={label}
      placeholder={placeholder}
      value={text}
      onChange={(e) => setText(e.target.value)}
      size="small"
      fullWidth={false}
      sx={sx}
      slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> }, htmlInput: { maxLength: 100 } }}
    />
  );
}
