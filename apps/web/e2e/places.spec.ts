import { expect, test } from './fixtures';

/** A 120×80 PNG (green with a yellow disc), small enough to live here. */
const photo = {
  name: 'quadra.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAHgAAABQCAMAAADlRUG7AAABAlBMVEUVgD0xiz4bgj7s2Ub830ft2ka9xkT94EecuEP730apvUOZtkKfuUMxiz/33kba0kVqpEHc0kbAxkQqiD0ghT3630fX0UZioEHBx0S8xUS4w0TBx0U/kT8zjD4yjD4viz6hukMfhD0piD4agT0hhD6IsEL430eFrkL33kfr2EbZ0kVkoEDu2kdtpEHW0EXKy0Te00bLzEXJy0VGlD+wwENEkz9Dkz+tv0NBkj9AkT8+kT+qvUO/xkW+xkWywUSovEOxwESku0Mwij6vv0QsiT6nvUQohz4mhz4bgj2at0MihT6JsEKHr0KGr0KErkJro0BookBnokBjoUDv20dspEFmoUEnlRbWAAAACXBIWXMAAAsTAAALEwEAmpwYAAABmklEQVRoge3Y527CQAzAcZMQHGbY0BYomxbK6N577/3+r1Kp31AhOas+oqr+v8BPFzjLOgBJkiRJkn5V/MNOp6x220od2M8BmFHlloNjdR8qM2BLkRz+KDy/rpnNRII4uY2MTvdzZQqLiFZPG2tU0bWYocethdxdxIU7HW5z1ctFHGb5XcPzvN9nvmGHqyouYozbfVNzEV943YzLPRrv/YIV3ld1ES853a1p82pCwV1G+EjdRTznc8thChyOs8H3FBexwwY7NDjP5QZoLiLXTtKnwkkm2KbCUSY4TYVDTPCICqeYYJMKLzPBCSq89Ndh069PPfLrz5X26zrZfg2Qvl8jM0CFF5lg6NLcAZcLLRr8xAZXSKtPjm/1gRMKvM3nwg5lvS0xwnCsDp9yulC3VF3rihWGgir8yusCxNRcm9uFxpyKW9TwDJIdertrGp4iAGqeZy42dbgAhsfvbDf0uADQc7lVZkEbCwDX0SljOxip63QBYG/yI+om6C/+mB9nB52ZPVmfJW8PHTORMJ1QNMm2b0iSJEnSf+0L8mtHZ2xtEMgAAAAASUVORK5CYII=',
    'base64',
  ),
};

test('category → place → photo → viewer → edit → delete', async ({ staffPage: page }) => {
  // One long journey through four screens; the default 30 s fits a single page.
  test.setTimeout(90_000);
  const suffix = `${Date.now()}-${test.info().workerIndex}`;
  const categoryName = `Quadras E2E ${suffix}`;
  const placeName = `Quadra E2E ${suffix}`;
  const editedName = `Quadra Coberta ${suffix}`;
  const navigation = page.getByRole('navigation', { name: 'Navegação principal' });

  // Category
  await navigation.getByRole('link', { name: 'Gerenciar categorias' }).click();
  await page.getByRole('button', { name: 'Adicionar Categoria' }).click();
  const categoryDialog = page.getByRole('dialog', { name: 'Adicionar Categoria' });
  await categoryDialog.getByLabel('Nome').fill(categoryName);
  await categoryDialog.getByLabel('Não permitir mais de uma reserva no mesmo dia').check();
  await categoryDialog.getByRole('button', { name: 'Criar categoria' }).click();
  await expect(page.getByText(`Categoria "${categoryName}" criada.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: categoryName })).toBeVisible();

  // Place in that category
  await navigation.getByRole('link', { name: 'Clube', exact: true }).click();
  await page.getByRole('button', { name: 'Adicionar espaço' }).click();
  const placeDialog = page.getByRole('dialog', { name: 'Adicionar espaço' });
  await placeDialog.getByRole('textbox', { name: 'Nome', exact: true }).fill(placeName);
  await placeDialog.getByLabel('Descrição').fill('Quadra de saibro com iluminação.');
  await placeDialog.getByLabel('Categoria').selectOption({ label: categoryName });
  await placeDialog.getByLabel('Horário de início').pressSequentially('0800');
  await expect(placeDialog.getByLabel('Horário de início')).toHaveValue('08:00');
  await placeDialog.getByLabel('Horário de término').pressSequentially('2200');
  await placeDialog.getByLabel('Duração (minutos)').fill('60');
  await placeDialog.getByLabel('Reservas por título/mês').fill('4');
  await placeDialog.getByLabel('Antecedência (dias)').fill('14');
  await placeDialog.getByLabel('Idade mínima (anos)').fill('18');
  await placeDialog.getByLabel('Cancelar até (horas antes)').fill('2');
  await placeDialog.getByRole('button', { name: 'Criar espaço' }).click();
  await expect(page.getByText(`Espaço "${placeName}" criado.`)).toBeVisible();

  await page.getByRole('link', { name: new RegExp(placeName) }).click();
  await expect(page.getByRole('heading', { name: placeName, level: 1 })).toBeVisible();
  await expect(page.getByText('Reservas de 60 minutos')).toBeVisible();
  await expect(page.getByText('Até 4 reservas por título por mês')).toBeVisible();
  await expect(page.getByText('Agendamento com até 14 dias de antecedência')).toBeVisible();
  await expect(page.getByText('Idade mínima: 18 anos')).toBeVisible();
  await expect(page.getByText('Cancelamento até 2 horas antes')).toBeVisible();
  await expect(page.getByText('Nenhuma imagem adicionada ao local ainda.')).toBeVisible();

  // Photo upload
  await page.getByRole('button', { name: 'Adicionar Foto' }).click();
  const uploadDialog = page.getByRole('dialog', { name: 'Adicionar Foto' });
  await expect(uploadDialog.getByRole('button', { name: 'Enviar' })).toBeDisabled();
  await uploadDialog.getByLabel('Imagem').setInputFiles(photo);
  await expect(uploadDialog.getByRole('img', { name: /Pré-visualização/ })).toBeVisible();
  await uploadDialog.getByLabel('Descrição (opcional)').fill('Vista da quadra');
  await uploadDialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('Imagem adicionada.')).toBeVisible();
  const thumbnail = page.getByRole('button', { name: `Ampliar foto 1 de ${placeName}` });
  await expect(thumbnail).toBeVisible();
  await expect
    .poll(() => thumbnail.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);

  // The card shows the thumbnail
  await page.getByRole('button', { name: 'Voltar' }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const card = page.getByRole('link', { name: new RegExp(placeName) });
  await expect(card.locator('img')).toHaveAttribute(
    'src',
    /\/api\/uploads\/[0-9a-f-]+-thumb\.webp$/,
  );
  await expect
    .poll(() => card.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);

  // Viewer and photo deletion
  await card.click();
  await page.getByRole('button', { name: `Ampliar foto 1 de ${placeName}` }).click();
  const viewer = page.getByRole('dialog', { name: `Foto de ${placeName}` });
  await expect(viewer.getByRole('img', { name: 'Vista da quadra' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Fechar' }).last()).toBeVisible();
  await viewer.getByRole('button', { name: 'Excluir' }).click();
  const confirmPhoto = page.getByRole('dialog', { name: 'Confirmar exclusão' });
  await expect(
    confirmPhoto.getByText('Tem certeza que deseja excluir? Essa ação não poderá ser desfeita.'),
  ).toBeVisible();
  await confirmPhoto.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Arquivo de imagem excluído.')).toBeVisible();
  await expect(page.getByText('Nenhuma imagem adicionada ao local ainda.')).toBeVisible();

  // Edit
  await page.getByRole('button', { name: 'Editar' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Editar espaço' });
  await expect(editDialog.getByLabel('Horário de início')).toHaveValue('08:00');
  await editDialog.getByRole('textbox', { name: 'Nome', exact: true }).fill(editedName);
  await editDialog.getByLabel('Duração (minutos)').fill('90');
  await editDialog.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText(`Espaço "${editedName}" editado.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: editedName, level: 1 })).toBeVisible();
  await expect(page.getByText('Reservas de 90 minutos')).toBeVisible();

  // Delete: back one step, gone from the grid
  await page.getByRole('button', { name: 'Excluir' }).click();
  await page
    .getByRole('dialog', { name: 'Confirmar exclusão' })
    .getByRole('button', { name: 'Excluir' })
    .click();
  await expect(page.getByText(`Espaço "${editedName}" excluído.`)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('link', { name: new RegExp(editedName) })).toHaveCount(0);

  // Its category is free again, and can go
  await navigation.getByRole('link', { name: 'Gerenciar categorias' }).click();
  await page.getByRole('button', { name: `Excluir categoria ${categoryName}` }).click();
  await page
    .getByRole('dialog', { name: 'Excluir categoria' })
    .getByRole('button', { name: 'Excluir' })
    .click();
  await expect(page.getByText(`Cadastro da categoria "${categoryName}" excluído.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: categoryName })).toHaveCount(0);
});
