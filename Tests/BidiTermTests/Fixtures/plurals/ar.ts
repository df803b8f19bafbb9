<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ar">
<context>
    <name>Files</name>
    <message numerus="yes">
        <source>files.deleted</source>
        <translation>
            <numerusform>لم يُحذف أي ملف</numerusform>
            <numerusform>حُذف ملف واحد</numerusform>
            <numerusform>حُذف ملفان</numerusform>
            <numerusform>حُذفت %n ملفات</numerusform>
            <numerusform>حُذف %n ملفًا</numerusform>
            <numerusform>حُذف %n ملف</numerusform>
        </translation>
    </message>
</context>
</TS>
