import '@mantine/core/styles/Button.css';
import { Button, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { normalizeHash } from './hash';
import classes from './verify.module.css';

/** "Código de verificación": paste a receipt's hash (or its address) and open its verification. */
export function VerifyForm({ initial = '' }: { initial?: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const hash = normalizeHash(value);
    if (!hash) {
      setError(
        value.trim()
          ? 'El código no es válido: son 64 caracteres (números del 0 al 9 y letras de la a a la f), tal como aparece en tu comprobante.'
          : 'Pega el código de verificación de tu comprobante.',
      );
      return;
    }
    setError(null);
    navigate(`/verificar/${hash}`);
  };

  return (
    <form onSubmit={submit} className={classes.form} noValidate>
      <Textarea
        label="Código de verificación"
        description="Está al final de tu comprobante, como «Código de verificación (hash SHA-256)». También puedes pegar el enlace completo."
        name="hash"
        autosize
        minRows={2}
        maxRows={4}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        error={error}
        classNames={{ input: classes.hashInput }}
      />
      <Button type="submit">Verificar</Button>
    </form>
  );
}
